/** Unit tests of @teaminbox/shell (jsdom, swc). */
const { webJestConfig } = require('../../tools/web/jest.web');

module.exports = webJestConfig(__dirname, 'shell');
