import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { LIMITS } from '@keel/domain';
import type { AppStore } from '../db/app-store.ts';
import { RateLimiter } from '../rate-limiter.ts';
import { authenticate, createAccount, linkSub, signUpSchema } from './accounts.ts';
import { sweepExpiredProviderRecords } from './adapter.ts';
import { PAGE_CSP } from './page-style.ts';
import { signInPage, signUpPage } from './pages.ts';

const MOUNT = '/idp';

const PAGE_HEADERS = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * Mounts the embedded provider at /idp. Its own endpoints get the raw request (no body parser)
 * in one encapsulated context; the sign-in and sign-up pages are ordinary routes in another.
 */
export async function idpPlugin(
  app: FastifyInstance,
  opts: {
    provider: Provider;
    store: AppStore;
    /** This instance's share of a limit (instanceShare); the whole limit by default. */
    share?: (limit: number) => number;
  },
) {
  const { provider, store } = opts;
  const share = opts.share ?? ((limit: number) => limit);
  // SPEC §9: 10 sign-in attempts a minute per email address. A looser limit per network address
  // slows password spraying across many accounts without locking out an office behind one NAT.
  const perEmail = new RateLimiter(share(LIMITS.signInAttemptsPerMinute), 60_000);
  const perIp = new RateLimiter(share(LIMITS.signInAttemptsPerMinute * 10), 60_000);

  const sweep = setInterval(
    () => {
      sweepExpiredProviderRecords(store).catch((err: unknown) =>
        app.log.warn({ err }, 'provider sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Every visit to the authorization endpoint stores an interaction; bound how fast one address
  // can make them.
  const starts = new RateLimiter(share(LIMITS.signInAttemptsPerMinute * 10), 60_000);

  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = provider.callback();
    const forward = (req: FastifyRequest, reply: FastifyReply) => {
      if (req.method === 'GET' && req.url.startsWith(`${MOUNT}/auth`) && !starts.hit(req.ip)) {
        return reply
          .code(429)
          .type('text/plain; charset=utf-8')
          .send('Too many attempts. Wait a minute and try again.');
      }
      // The provider writes its own pages (sign-out, errors) past Fastify's onSend hooks.
      for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.raw.setHeader(name, value);
      reply.hijack();
      const nodeReq = req.raw as typeof req.raw & { originalUrl?: string };
      nodeReq.originalUrl = nodeReq.url;
      nodeReq.url = nodeReq.url!.slice(MOUNT.length) || '/';
      handler(nodeReq, reply.raw);
    };
    raw.all(`${MOUNT}/*`, forward);
  });

  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 10_000 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // Stricter than the app's policy: these pages run no script and carry one known style.
    pages.addHook('onSend', async (_request, reply) => {
      reply.headers(PAGE_HEADERS);
    });

    type Params = { uid: string };
    type Form = Record<string, string | undefined>;

    const html = (reply: FastifyReply, body: string, status = 200) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(body);

    const finish = async (req: FastifyRequest, reply: FastifyReply, accountId: string) => {
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    };

    // An interaction that expired or never existed: start over from Keel.
    const withInteraction = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        await reply.redirect('/auth/login', 303);
        return null;
      }
    };

    pages.get<{ Params: Params }>(`${MOUNT}/interaction/:uid`, async (req, reply) => {
      const details = await withInteraction(req, reply);
      if (!details) return reply;
      if (details.prompt.name === 'login') return html(reply, signInPage(details.uid));
      // Any other prompt (consent) is answered by loadExistingGrant; finish with the session we have.
      const accountId = details.session?.accountId;
      if (accountId) return finish(req, reply, accountId);
      return html(reply, signInPage(details.uid));
    });

    pages.post<{ Params: Params; Body: Form }>(
      `${MOUNT}/interaction/:uid/login`,
      async (req, reply) => {
        const details = await withInteraction(req, reply);
        if (!details) return reply;
        const email = String(req.body?.email ?? '').trim();
        const password = String(req.body?.password ?? '');
        if (!perIp.hit(req.ip) || !perEmail.hit(email.toLowerCase()))
          return html(
            reply,
            signInPage(details.uid, {
              email,
              error: 'Too many attempts. Wait a minute and try again.',
            }),
            429,
          );
        if (!email || !password)
          return html(
            reply,
            signInPage(details.uid, {
              email,
              error: email ? 'Enter your password.' : 'Enter your email address.',
              field: email ? 'password' : 'email',
            }),
            422,
          );
        const account = await authenticate(store, email, password);
        // Which of the two was wrong is not said (it would tell who has an account); the
        // password is the one to type again.
        if (!account)
          return html(
            reply,
            signInPage(details.uid, {
              email,
              error: 'That email and password don\u2019t match an account.',
              field: 'password',
            }),
            401,
          );
        return finish(req, reply, account.sub);
      },
    );

    pages.get<{ Params: Params }>(`${MOUNT}/interaction/:uid/signup`, async (req, reply) => {
      const details = await withInteraction(req, reply);
      if (!details) return reply;
      return html(reply, signUpPage(details.uid));
    });

    pages.post<{ Params: Params; Body: Form }>(
      `${MOUNT}/interaction/:uid/signup`,
      async (req, reply) => {
        const details = await withInteraction(req, reply);
        if (!details) return reply;
        const name = String(req.body?.name ?? '');
        const email = String(req.body?.email ?? '');
        if (!perIp.hit(req.ip))
          return html(
            reply,
            signUpPage(details.uid, {
              name,
              email,
              error: 'Too many attempts. Wait a minute and try again.',
            }),
            429,
          );
        const parsed = signUpSchema.safeParse({ name, email, password: req.body?.password ?? '' });
        if (!parsed.success) {
          const fieldErrors: Record<string, string> = {};
          for (const issue of parsed.error.issues)
            fieldErrors[String(issue.path[0])] ??= issue.message;
          return html(
            reply,
            signUpPage(details.uid, {
              name,
              email,
              fieldErrors,
              error: 'Check the highlighted fields.',
            }),
            422,
          );
        }
        const account = await createAccount(store, parsed.data);
        if (!account)
          return html(
            reply,
            signUpPage(details.uid, {
              name,
              email,
              fieldErrors: { email: 'An account with this email already exists. Sign in instead.' },
            }),
            409,
          );
        await linkSub(store, account);
        return finish(req, reply, account.sub);
      },
    );
  });
}
