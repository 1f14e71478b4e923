/** Unit tests of @teaminbox/api-client (jsdom, swc). */
const { webJestConfig } = require('../../tools/web/jest.web');

module.exports = webJestConfig(__dirname, 'api-client');
