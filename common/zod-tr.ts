import { z } from 'zod';

/**
 * Turkish messages for zod's generic checks, so that every field error a user
 * sees reads naturally. Schemas give their own message where the spec has one.
 * Imported once by each side (server app, web entry) before any parsing.
 */
let installed = false;
export function installTurkishZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config(z.locales.tr());
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined ? 'Bu alan gereklidir' : 'Geçersiz değer';
        case 'too_small':
          if (issue.origin === 'string') return issue.minimum === 1 ? 'Bu alan gereklidir' : `En az ${issue.minimum} karakter olmalıdır`;
          if (issue.origin === 'number' || issue.origin === 'int') return `En az ${issue.minimum} olmalıdır`;
          if (issue.origin === 'array') return `En az ${issue.minimum} öğe seçilmelidir`;
          return undefined;
        case 'too_big':
          if (issue.origin === 'string') return `En fazla ${issue.maximum} karakter olabilir`;
          if (issue.origin === 'number' || issue.origin === 'int') return `En fazla ${issue.maximum} olabilir`;
          if (issue.origin === 'array') return `En fazla ${issue.maximum} öğe olabilir`;
          return undefined;
        case 'invalid_value':
          return 'Geçersiz seçim';
        case 'invalid_format':
          if (issue.format === 'email') return 'Geçerli bir e-posta adresi girin';
          if (issue.format === 'url') return 'Geçerli bir adres girin';
          return 'Geçersiz biçim';
        case 'unrecognized_keys':
          return `Tanınmayan alan: ${issue.keys.join(', ')}`;
        default:
          return undefined;
      }
    },
  });
}
installTurkishZodMessages();
