import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedCertifications } from './certifications';
import { insertMany } from './insert-many';
import { seedLetters } from './letters';
import { seedMessages } from './messages';
import { DEVICE_MODELS } from './names';
import type { SeededPeople } from './people';
import type { Random } from './random';
import { seedWallets } from './wallets';

const DAY = 86_400_000;

export interface ExtraCounts {
  letters: number;
  certifications: number;
  messages: number;
  devices: number;
  wallets: number;
  walletTransactions: number;
}

/**
 * What the demo needs besides cases and people: letters, certifications, messages, devices and
 * wallets, drawn in this order from one random stream (so each part draws what it always drew).
 */
export async function seedExtras(
  db: Kysely<Database>,
  rng: Random,
  now: Date,
  people: SeededPeople,
): Promise<ExtraCounts> {
  const at = (maxDaysAgo: number) =>
    new Date(now.getTime() - rng.int(0, maxDaysAgo) * DAY - rng.int(0, DAY)).toISOString();
  const demoIds = Object.values(people.demoUserIds);

  const letters = await seedLetters(db, rng, now, people, at);
  const certifications = await seedCertifications(db, rng, at);
  const messages = await seedMessages(db, rng, people, at);

  // Devices bound to accounts: most have one or two; a few were unbound.
  const devices: Insertable<Database['devices']>[] = [];
  people.userIds.forEach((userId, i) => {
    for (let d = demoIds.includes(userId) ? 2 : rng.int(0, 2); d > 0; d--) {
      const [model, type] = rng.pick(DEVICE_MODELS);
      const bound = at(400);
      devices.push({
        user_id: userId,
        device_uid: `DEV-${String(i).padStart(5, '0')}-${d}-${rng.digits(6)}`,
        device_name: model,
        device_type: type,
        bound_at: bound,
        last_active_at: at(20),
        unbound_at: rng.chance(0.1) ? at(10) : null,
      });
    }
  });
  await insertMany(db, 'devices', devices);

  const wallets = await seedWallets(db, rng, now, people, at);
  return { letters, certifications, messages, devices: devices.length, ...wallets };
}
