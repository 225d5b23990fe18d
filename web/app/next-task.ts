/** A task of its own for what follows: the browser may paint or answer a tap in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
