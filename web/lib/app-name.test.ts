import { describe, expect, it } from 'vitest';
import { getBranding } from '@common/contract/settings';
import { BRANDING_PATH } from './app-name';

describe('app name', () => {
  it('reads the path the contract defines for the public branding', () => {
    expect(BRANDING_PATH).toBe(getBranding.path);
  });
});
