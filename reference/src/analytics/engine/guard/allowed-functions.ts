/**
 * Functions an analytics query may call, by unqualified name (all overloads).
 *
 * One list serves two layers: the SQL guard refuses any other FuncCall before
 * the query reaches the database, and the database setup grants EXECUTE on
 * exactly these (plus the functions behind operators, casts and type I/O)
 * to the query role after revoking EXECUTE on everything in pg_catalog from
 * PUBLIC. So a function missing here fails in both places, and a function
 * that slipped past the guard would still be refused by PostgreSQL.
 *
 * Left out on purpose: anything that reads or changes settings or roles
 * (set_config, current_setting), runs SQL text (query_to_xml and friends),
 * touches files, large objects, sequences, locks, other sessions or
 * notifications (pg_*, lo_*, nextval, pg_advisory_*, pg_notify, dblink),
 * sleeps (pg_sleep), or describes the server (version, current_database).
 */
const AGGREGATES = [
  'count', 'sum', 'avg', 'min', 'max', 'array_agg', 'string_agg', 'bool_and', 'bool_or', 'every',
  'bit_and', 'bit_or', 'bit_xor', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp',
  'corr', 'covar_pop', 'covar_samp', 'regr_avgx', 'regr_avgy', 'regr_count', 'regr_intercept', 'regr_r2',
  'regr_slope', 'regr_sxx', 'regr_sxy', 'regr_syy', 'percentile_cont', 'percentile_disc', 'mode',
  'json_agg', 'jsonb_agg', 'json_object_agg', 'jsonb_object_agg', 'any_value',
];

const WINDOW = [
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead',
  'first_value', 'last_value', 'nth_value',
];

const MATH = [
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'sign', 'sqrt', 'cbrt', 'power', 'pow', 'exp',
  'ln', 'log', 'log10', 'mod', 'div', 'pi', 'degrees', 'radians', 'sin', 'cos', 'tan', 'asin', 'acos',
  'atan', 'atan2', 'width_bucket', 'gcd', 'lcm', 'scale', 'trim_scale', 'min_scale', 'factorial',
  'random', 'num_nulls', 'num_nonnulls',
];

const STRING = [
  'length', 'char_length', 'character_length', 'octet_length', 'bit_length', 'lower', 'upper', 'initcap',
  'btrim', 'ltrim', 'rtrim', 'lpad', 'rpad', 'substr', 'substring', 'position', 'strpos', 'replace',
  'translate', 'concat', 'concat_ws', 'left', 'right', 'repeat', 'reverse', 'split_part', 'starts_with',
  'regexp_replace', 'regexp_match', 'regexp_matches', 'regexp_split_to_array', 'regexp_split_to_table',
  'regexp_like', 'regexp_count', 'regexp_substr', 'regexp_instr', 'format', 'md5', 'sha224', 'sha256',
  'sha384', 'sha512', 'to_hex', 'ascii', 'chr', 'quote_ident', 'quote_literal', 'quote_nullable',
  'string_to_array', 'array_to_string', 'overlay', 'encode', 'decode', 'normalize', 'is_normalized',
  'similar_to_escape', 'unistr', 'casefold', 'gen_random_uuid',
  // Type-name call syntax for casts: text(x), int4(x), ...
  'text', 'varchar', 'bpchar', 'int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'bool', 'date',
  'timestamp', 'timestamptz', 'interval', 'time', 'timetz', 'uuid', 'json', 'jsonb',
  // Text search.
  'to_tsvector', 'to_tsquery', 'plainto_tsquery', 'phraseto_tsquery', 'websearch_to_tsquery',
  'ts_rank', 'ts_rank_cd', 'ts_headline',
];

const DATE_TIME = [
  'now', 'clock_timestamp', 'statement_timestamp', 'transaction_timestamp', 'timeofday', 'date_trunc',
  'date_part', 'extract', 'date_bin', 'age', 'make_date', 'make_time', 'make_timestamp',
  'make_timestamptz', 'make_interval', 'to_char', 'to_date', 'to_timestamp', 'to_number',
  'justify_days', 'justify_hours', 'justify_interval', 'isfinite', 'timezone', 'date_add',
  'date_subtract', 'overlaps',
];

const JSON_FUNCTIONS = [
  'to_json', 'to_jsonb', 'row_to_json', 'array_to_json', 'json_build_object', 'jsonb_build_object',
  'json_build_array', 'jsonb_build_array', 'json_object', 'jsonb_object', 'json_extract_path',
  'json_extract_path_text', 'jsonb_extract_path', 'jsonb_extract_path_text', 'json_array_elements',
  'json_array_elements_text', 'jsonb_array_elements', 'jsonb_array_elements_text', 'json_array_length',
  'jsonb_array_length', 'json_each', 'json_each_text', 'jsonb_each', 'jsonb_each_text',
  'json_object_keys', 'jsonb_object_keys', 'json_typeof', 'jsonb_typeof', 'json_strip_nulls',
  'jsonb_strip_nulls', 'jsonb_pretty', 'jsonb_set', 'jsonb_set_lax', 'jsonb_insert', 'jsonb_path_query',
  'jsonb_path_query_array', 'jsonb_path_query_first', 'jsonb_path_exists', 'jsonb_path_match',
  'json_populate_record', 'jsonb_populate_record', 'json_to_record', 'jsonb_to_record',
  'json_to_recordset', 'jsonb_to_recordset',
];

const ARRAYS_AND_SETS = [
  'array_length', 'array_position', 'array_positions', 'array_remove', 'array_replace', 'array_append',
  'array_prepend', 'array_cat', 'array_dims', 'array_ndims', 'array_lower', 'array_upper', 'cardinality',
  'unnest', 'array_fill', 'array_reverse', 'array_sort', 'array_shuffle', 'array_sample', 'trim_array',
  'generate_series', 'generate_subscripts',
];

/** Debugging aid: names the type of a value; reads no data. */
const INTROSPECTION = ['pg_typeof'];

export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  ...AGGREGATES,
  ...WINDOW,
  ...MATH,
  ...STRING,
  ...DATE_TIME,
  ...JSON_FUNCTIONS,
  ...ARRAYS_AND_SETS,
  ...INTROSPECTION,
]);
