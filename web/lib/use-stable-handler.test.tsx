import { act, render } from "@testing-library/react";
import { memo, useState } from "react";
import { expect, it } from "vitest";
import { useStableHandler } from "./use-stable-handler.ts";

it("keeps one identity across renders, so a memoised child is not drawn again, and runs the latest handler", () => {
  let childRenders = 0;
  const Child = memo(function Child({ onPick }: { onPick: () => number }) {
    childRenders++;
    return (
      <button type="button" onClick={() => onPick()}>
        choisir
      </button>
    );
  });
  let setCount: (n: number) => void = () => undefined;
  let picked: number | undefined;
  function Parent() {
    const [count, set] = useState(0);
    setCount = set;
    const onPick = useStableHandler(() => {
      picked = count;
      return count;
    });
    return <Child onPick={onPick} />;
  }
  const view = render(<Parent />);
  act(() => setCount(1));
  act(() => setCount(2));
  expect(childRenders).toBe(1);
  act(() => view.getByRole("button").click());
  expect(picked).toBe(2);
});
