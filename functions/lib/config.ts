import { tableEnvVar, type TableId } from '../shared/tables';

/** Physical table name, injected by CDK (and by the local host) as TABLE_<ID>. */
export function tableName(id: TableId): string {
  const name = process.env[tableEnvVar(id)];
  if (!name) throw new Error(`Missing env ${tableEnvVar(id)}: the table '${id}' is not configured for this function`);
  return name;
}
