import { NotFoundError } from '../lib/errors';
import type { ConnectionFence } from '../repositories/connection-fence';
import { activeGeneration, getConnection, type Connection } from '../repositories/connections';
import type { ProviderType } from '../shared/schemas/activity';

export type ImportFence = ConnectionFence & { generation: string };

/**
 * The connection an import (or backfill) reads for, as it starts, and the fence every one of its writes carries
 * (activities, cursor, last sync, aggregates): a disconnect, deauthorization or reconnect stops the import at its
 * next write, having written nothing more. A job passes the connection it was started for (`wanted`); if that one has
 * already ended, the import does not start. Throws NotFoundError(notConnected) when there is nothing to import for.
 */
export async function connectionToImport(
  userId: string,
  provider: ProviderType,
  wanted: ImportFence | undefined,
  notConnected: string,
): Promise<{ connection: Connection; fence: ImportFence }> {
  let connection = await getConnection(userId, provider, null);
  // Stored before generations existed: given one once, then read again.
  if (connection?.isActive && !connection.generation && (await activeGeneration(userId, provider)))
    connection = await getConnection(userId, provider, null);
  const generation = connection?.isActive ? connection.generation : null;
  if (!connection || !generation || (wanted && wanted.generation !== generation)) throw new NotFoundError(notConnected);
  return { connection, fence: { userId, provider, generation } };
}
