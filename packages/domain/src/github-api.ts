import { z } from 'zod';

/** SPEC §11: a workspace's GitHub connection, as its admins see it (never its secret). */
export const githubConnectionSchema = z.object({
  connected: z.boolean(),
  /** Where GitHub sends its events: the Payload URL to give it. */
  url: z.string(),
  createdAt: z.string().nullable(),
  /** When GitHub last sent an event Keel accepted. */
  lastEventAt: z.string().nullable(),
});
export type GithubConnection = z.infer<typeof githubConnectionSchema>;

/** Connecting (or rolling the secret): the one time the secret is shown. */
export const connectedGithubSchema = z.object({
  secret: z.string(),
  connection: githubConnectionSchema,
});
export type ConnectedGithub = z.infer<typeof connectedGithubSchema>;
