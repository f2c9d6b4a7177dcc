module.exports = require('./test-postgres.cjs').setup;
