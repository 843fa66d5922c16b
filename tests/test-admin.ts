/** The administrator of every test app (tests/harness.ts), made with its database. */
export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery' };
