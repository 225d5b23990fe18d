// Changing the account's e-mail address (issue 33): the current password is asked, so that a stolen
// session alone cannot take the account over (the new address would receive the password resets),
// and the old address is told. Better Auth's /change-email asks for neither; these hooks add both.
import { APIError, getSessionFromCtx } from "better-auth/api";
import type { Mailer } from "../email/mailer.ts";
import { emailChangeRequestedMail } from "../email/templates.ts";
import type { Logger } from "../logger.ts";

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: unknown;
  request?: Request;
  context: {
    returned?: unknown;
    password: { checkPassword: (userId: string, ctx: never) => Promise<boolean> };
  };
};

export function emailChangeHooks(deps: { mailer: Mailer; logger: Logger; publicBaseUrl: string }) {
  /** The address each pending request changes from, told once the request succeeded. */
  const previous = new WeakMap<Request, { email: string; newEmail: string }>();

  return {
    async before(ctx: HookContext): Promise<void> {
      if (ctx.path !== "/change-email") return;
      const session = await getSessionFromCtx(ctx).catch(() => null);
      // Without a session Better Auth refuses the request itself.
      if (!session) return;
      const body = (ctx.body ?? {}) as { password?: unknown; newEmail?: unknown };
      if (typeof body.password !== "string" || body.password.length === 0)
        throw new APIError("BAD_REQUEST", { code: "PASSWORD_REQUIRED", message: "password required" });
      // Better Auth's own check, as its password-protected endpoints do it: it reads body.password
      // and throws INVALID_PASSWORD.
      await ctx.context.password.checkPassword(session.user.id, ctx as never);
      if (ctx.request && typeof body.newEmail === "string")
        previous.set(ctx.request, {
          email: session.user.email,
          newEmail: body.newEmail.trim().toLowerCase(),
        });
    },

    async after(ctx: HookContext): Promise<void> {
      if (ctx.path !== "/change-email" || !ctx.request) return;
      const change = previous.get(ctx.request);
      previous.delete(ctx.request);
      if (!change || ctx.context.returned instanceof APIError) return;
      const mail = emailChangeRequestedMail(change.email, change.newEmail, `${deps.publicBaseUrl}/profile`);
      deps.mailer.send(mail).catch((err) => deps.logger.error({ err }, "e-mail change notice failed"));
    },
  };
}
