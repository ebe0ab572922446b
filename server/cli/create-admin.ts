import { createInterface } from 'node:readline/promises';
import { loadConfigOrExit } from '../config-check';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { usernameIs } from '../lib/username';

/** Creates the first super_admin, from ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_FULLNAME or prompts. */
async function main() {
  const config = loadConfigOrExit();
  const rl = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  const ask = async (envName: string, question: string) => process.env[envName] ?? (rl ? (await rl.question(question)).trim() : '');
  const username = await ask('ADMIN_USERNAME', 'Kullanıcı adı: ');
  const fullName = (await ask('ADMIN_FULLNAME', 'Ad soyad: ')) || username;
  const password = await ask('ADMIN_PASSWORD', 'Şifre (en az 8 karakter): ');
  rl?.close();
  if (!username || password.length < 8) throw new Error('Kullanıcı adı gereklidir ve şifre en az 8 karakter olmalıdır');

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const [taken] = await database.db.select({ id: users.id }).from(users).where(usernameIs(username));
    if (taken) throw new Error(`'${username}' kullanıcı adı zaten var`);
    await database.db.insert(users).values({ username, fullName, role: 'super_admin', passwordHash: await hashPassword(password) });
    console.log(`Süper Admin '${username}' oluşturuldu.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
