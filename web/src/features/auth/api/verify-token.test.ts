import { authRoutes } from '@gowild/contract/routes/auth';
import { describe, expect, it } from 'vitest';
import { VERIFY_TOKEN_PATH } from './verify-token-request';

describe('the session check', () => {
  it("is asked by the boot script at the route table's path, so the app's call can take the early answer", () => {
    expect(`/api${VERIFY_TOKEN_PATH}`).toBe(authRoutes.verifyToken.path);
  });
});
