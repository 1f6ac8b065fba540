/**
 * The SQL keyword a person would recognise for a refused statement, from the
 * parser's node name: InsertStmt -> INSERT, VariableSetStmt -> SET or RESET,
 * CreateTableAsStmt -> CREATE TABLE AS, ...
 */
const NAMED: Record<string, string> = {
  VariableShowStmt: 'SHOW',
  DoStmt: 'DO',
  CallStmt: 'CALL',
  ExplainStmt: 'EXPLAIN',
  CopyStmt: 'COPY',
  DropStmt: 'DROP',
  TruncateStmt: 'TRUNCATE',
  GrantStmt: 'GRANT',
  GrantRoleStmt: 'GRANT',
  DeclareCursorStmt: 'DECLARE',
  FetchStmt: 'FETCH',
  ClosePortalStmt: 'CLOSE',
  PrepareStmt: 'PREPARE',
  ExecuteStmt: 'EXECUTE',
  DeallocateStmt: 'DEALLOCATE',
  ListenStmt: 'LISTEN',
  NotifyStmt: 'NOTIFY',
  LockStmt: 'LOCK',
  VacuumStmt: 'VACUUM',
  IndexStmt: 'CREATE INDEX',
  ViewStmt: 'CREATE VIEW',
  CreateFunctionStmt: 'CREATE FUNCTION',
  CreateRoleStmt: 'CREATE ROLE',
  CreateExtensionStmt: 'CREATE EXTENSION',
  RuleStmt: 'CREATE RULE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  AlterTableStmt: 'ALTER TABLE',
  LoadStmt: 'LOAD',
  CheckPointStmt: 'CHECKPOINT',
  DiscardStmt: 'DISCARD',
};

export function statementKeyword(nodeType: string, node: Record<string, unknown> | undefined): string {
  if (nodeType === 'VariableSetStmt') return node?.kind === 'VAR_RESET' || node?.kind === 'VAR_RESET_ALL' ? 'RESET' : 'SET';
  if (nodeType === 'TransactionStmt') {
    const kind = String(node?.kind ?? '');
    return kind.replace(/^TRANS_STMT_/, '').replace(/_/g, ' ') || 'TRANSACTION';
  }
  if (NAMED[nodeType]) return NAMED[nodeType];
  // Fallback: split the CamelCase name, e.g. AlterRoleStmt -> ALTER ROLE.
  const words = nodeType.replace(/Stmt$/, '').match(/[A-Z][a-z]*/g) ?? [nodeType];
  return words.join(' ').toUpperCase();
}
