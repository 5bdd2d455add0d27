import { isDuplicateKeyError } from './duplicate-key';

describe('isDuplicateKeyError', () => {
  it("knows MongoDB's code and the embedded database's update refusal, and nothing else", () => {
    expect(isDuplicateKeyError({ code: 11000, message: 'E11000 duplicate key error' })).toBe(true);
    const embedded =
      "[msg_update.go:133 handler.(*Handler).updateDocument] constraint failed: UNIQUE constraint failed: index 'users_5e7cc513_username_key_1' (2067)";
    expect(isDuplicateKeyError(Object.assign(new Error(embedded), { code: 1 }))).toBe(true);
    expect(isDuplicateKeyError(new Error('connection closed'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
  });
});
