/**
 * The SQL keyword a person would recognise for a refused statement, from the
 * parser's node name: InsertStmt -> INSERT, VariableSetStmt -> SET or RESET,
 * CreateTableAsStmt -> CREATE TABLE AS, ...
 */

/** The node names whose words are not the statement's keyword (the rest are split by the fallback). */
const NAMED: Record<string, string> = {
  VariableShowStmt: 'SHOW',
  GrantRoleStmt: 'GRANT',
  DeclareCursorStmt: 'DECLARE',
  ClosePortalStmt: 'CLOSE',
  IndexStmt: 'CREATE INDEX',
  ViewStmt: 'CREATE VIEW',
  RuleStmt: 'CREATE RULE',
  CheckPointStmt: 'CHECKPOINT',
};

export function statementKeyword(nodeType: string, node: Record<string, unknown>): string {
  if (nodeType === 'VariableSetStmt') return node.kind === 'VAR_RESET' || node.kind === 'VAR_RESET_ALL' ? 'RESET' : 'SET';
  // The parser always names the kind (TRANS_STMT_BEGIN, TRANS_STMT_ROLLBACK_PREPARED, ...).
  if (nodeType === 'TransactionStmt') return String(node.kind).replace(/^TRANS_STMT_/, '').replace(/_/g, ' ');
  if (NAMED[nodeType]) return NAMED[nodeType];
  // Fallback: split the CamelCase name, e.g. AlterRoleStmt -> ALTER ROLE.
  const words = nodeType.replace(/Stmt$/, '').match(/[A-Z][a-z]*/g) ?? [nodeType];
  return words.join(' ').toUpperCase();
}
