/** Unit tests of @teaminbox/web-store (jsdom, swc). */
const { webJestConfig } = require('../../tools/web/jest.web');

module.exports = webJestConfig(__dirname, 'web-store');
