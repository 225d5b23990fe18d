// Domain events (issue 35): a write records what happened (« message.sent », « like.created »…)
// inside its own transaction, and the features that care react without the writer knowing them.
// A reaction has two moments:
// - `within`: inside the writer's transaction, for work that must not be lost — it queues jobs
//   through the same transaction, so the write and its jobs commit together or not at all;
// - `after`: once the transaction has committed, best effort (live screens over the real-time bus):
//   a failure is logged and the write stands; pages catch up when they reconnect.
// The writer names no reader: the composition lists every feature's reactions (server/reactions.ts),
// and docs/events.md, the list of events and their subscribers, is generated from it and checked.
import type { DomainEventType } from "@domain/events.ts";
import type { z } from "zod";
import { type Db, inTransaction, isTransaction, type SqlExecutor, transactionSql } from "../db/client.ts";
import type { Jobs, PayloadOf, Queue, SendOptions } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";

/** A kind of event and the schema of what it carries: the catalogue is domain/events.ts. */
export type EventType<S extends z.ZodType = z.ZodType> = DomainEventType<S>;

export type EventPayload<E extends EventType> = z.infer<E["payload"]>;

/** Jobs queued inside the writer's transaction: they commit with it; their workers wake after. */
export interface TransactionJobs {
  send<Q extends Queue>(queue: Q, data: PayloadOf<Q>, options?: Omit<SendOptions, "within">): Promise<void>;
  sendDebounced<Q extends Queue>(queue: Q, data: PayloadOf<Q>, seconds: number, key: string): Promise<void>;
}

export interface WithinTransaction {
  /** The writer's open transaction. */
  tx: Db;
  jobs: TransactionJobs;
}

export interface Reaction<C, E extends EventType = EventType> {
  /** Who reacts and how, for docs/events.md: « notifications: push and e-mail to the recipient ». */
  readonly name: string;
  readonly event: E;
  within?(ctx: C, w: WithinTransaction, payload: EventPayload<E>): Promise<void>;
  after?(ctx: C, payload: EventPayload<E>): Promise<void>;
}

/** Type-checks a reaction against its event (the list holds reactions to different events). */
export const react = <C, E extends EventType>(reaction: Reaction<C, E>): Reaction<C> =>
  reaction as unknown as Reaction<C>;

/** Records an event in the open transaction; its `within` reactions run before this resolves. */
export type Record = <E extends EventType>(event: E, payload: EventPayload<E>) => Promise<void>;

export interface DomainEvents {
  /**
   * Runs `work` in a transaction of its own (retried on a serialization conflict, with the events
   * of a failed attempt forgotten), then, once committed, wakes the queues its reactions wrote to
   * and runs their `after` parts.
   */
  transaction<T>(db: Db, work: (tx: Db, record: Record) => Promise<T>): Promise<T>;
}

export function createDomainEvents<C>(opts: {
  jobs: Pick<Jobs, "send" | "sendDebounced" | "wake">;
  logger: Logger;
  reactions: readonly Reaction<C>[];
  /** The features' dependencies, handed to every reaction (set once the composition is built). */
  context: () => C;
}): DomainEvents {
  const byEvent = new Map<string, Reaction<C>[]>();
  for (const r of opts.reactions) byEvent.set(r.event.name, [...(byEvent.get(r.event.name) ?? []), r]);
  const { jobs, logger } = opts;
  return {
    async transaction(db, work) {
      // The `after` parts must follow the commit, which only the outermost transaction makes.
      if (isTransaction(db)) throw new Error("domain events: the transaction must be the outermost one");
      let woken = new Set<string>();
      let later: (() => Promise<void>)[] = [];
      const result = await inTransaction(db, async (tx) => {
        woken = new Set();
        later = [];
        const executor: SqlExecutor = transactionSql(tx);
        const w: WithinTransaction = {
          tx,
          jobs: {
            async send(queue, data, options = {}) {
              await jobs.send(queue, data, { ...options, within: executor });
              woken.add(queue.name);
            },
            async sendDebounced(queue, data, seconds, key) {
              await jobs.sendDebounced(queue, data, seconds, key, executor);
              woken.add(queue.name);
            },
          },
        };
        const record: Record = async (event, data) => {
          const payload = event.payload.parse(data);
          const ctx = opts.context();
          for (const reaction of byEvent.get(event.name) ?? []) {
            if (reaction.within) await reaction.within(ctx, w, payload);
            const after = reaction.after;
            if (after) later.push(() => after.call(reaction, ctx, payload));
          }
        };
        return work(tx, record);
      });
      for (const queue of woken) jobs.wake?.(queue);
      for (const run of later)
        await run().catch((err: unknown) =>
          logger.error({ err }, "domain events: a reaction after commit failed"),
        );
      return result;
    },
  };
}
