/** Sign-in messages (spec §2.3). Free of zod: the sign-in page checks its two fields without it. */
export const LOGIN_MESSAGES = {
  usernameRequired: 'Kullanıcı adı gereklidir',
  passwordRequired: 'Şifre gereklidir',
  failed: 'Giriş başarısız. Bilgileri kontrol edin.',
} as const;
