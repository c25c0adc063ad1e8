/** Mends the request proxy of `wrangler dev` 4.86.0 once (see patch-wrangler-proxy.mjs). */
export function patchWranglerProxy(root?: string): "patched" | "already" | "absent";
