/** Unit tests of @teaminbox/mfe-admin (jsdom, swc). */
const { webJestConfig } = require('../../tools/web/jest.web');

module.exports = webJestConfig(__dirname, 'mfe-admin');
