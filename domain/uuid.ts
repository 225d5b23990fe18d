// Row identifiers are UUIDs: a path or body parameter that is not one names nothing, and is answered
// as not found before it reaches a query (where PostgreSQL would refuse the cast).

/** A UUID in its canonical text form, any version, either case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
