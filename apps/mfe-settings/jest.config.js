/** Unit tests of @teaminbox/mfe-settings (jsdom, swc). */
const { webJestConfig } = require('../../tools/web/jest.web');

module.exports = webJestConfig(__dirname, 'mfe-settings');
