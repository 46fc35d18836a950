// Driving the sandbox provider from outside, as a person's browser and a test do: following a
// short payment link to the provider's page, pressing its buttons, and the `/sandbox/*` switches
// (drop, hold and release notifications, fail a cancel or a lookup). Apart from the sandbox
// because it is its client: the payments test files share it instead of each keeping a copy.

export interface SandboxClient {
  /** Sets sandbox switches (`POST /sandbox/controls`). */
  controls(c: Record<string, unknown>): Promise<Response>;
  /** Runs `fn` with one switch on, and turns it off again whatever happens. */
  withControl(name: string, fn: () => Promise<void>): Promise<void>;
  /** Sends the notifications held back; resolves with the service's HTTP answers, once it gave them. */
  release(): Promise<number[]>;
  /** Follows the short link to the provider's page, as a browser tab opens it; answers the page. */
  openPage(payUrl: string): Promise<string>;
  /** Presses a button on a provider's page already open (its short link may have closed since). */
  press(page: string, action: 'pay' | 'decline'): Promise<string>;
  /** Follows the short link to the provider's page and presses a button there. */
  pay(payUrl: string, action: 'pay' | 'decline'): Promise<string>;
}

/** `url`: the sandbox's address, asked when needed (a test knows it once its server started). */
export function sandboxClient(url: () => string): SandboxClient {
  const controls = (c: Record<string, unknown>) =>
    fetch(`${url()}/sandbox/controls`, { method: 'POST', body: JSON.stringify(c) });
  const press = async (page: string, action: 'pay' | 'decline') =>
    (await fetch(page, { method: 'POST', body: new URLSearchParams({ action }) })).text();
  const openPage = async (payUrl: string) => {
    const hop = await fetch(payUrl, { redirect: 'manual' });
    const page = hop.headers.get('location') ?? '';
    if (hop.status !== 302 || !page.startsWith(url()))
      throw new Error(`${payUrl} did not lead to the sandbox's page (HTTP ${hop.status}, ${page})`);
    const shown = await (await fetch(page)).text();
    if (!shown.includes('<button name="action" value="pay">Pay</button>'))
      throw new Error(`the sandbox's page ${page} offers no Pay button`);
    return page;
  };
  return {
    controls,
    async withControl(name, fn) {
      await controls({ [name]: true });
      try {
        await fn();
      } finally {
        await controls({ [name]: false });
      }
    },
    async release() {
      const res = await fetch(`${url()}/sandbox/release`, { method: 'POST' });
      return ((await res.json()) as { Model: { delivered: number[] } }).Model.delivered;
    },
    openPage,
    press,
    pay: async (payUrl, action) => press(await openPage(payUrl), action),
  };
}
