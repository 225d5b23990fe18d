// Signals the shield could not compute (a detector that threw, a query that failed): the message
// went through as before, and the failure is counted here and logged. Shown to administrators.
export const shieldFailures = { count: 0, since: new Date().toISOString() };
