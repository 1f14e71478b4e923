/** Unit tests of @teaminbox/mfe-inbox (jsdom, swc). */
const { webJestConfig } = require('../../tools/web/jest.web');

module.exports = webJestConfig(__dirname, 'mfe-inbox');
