module.exports = require('./test-postgres.cjs').teardown;
