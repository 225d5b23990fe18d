import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./EmailAddress.tsx";

describe("EmailAddress", () => {
  it("shows the whole address, with a line-break opportunity just before the « @ »", () => {
    const { container } = render(<EmailAddress email="rasmata.zongo.3@demo.passerelle.example" />);
    const address = container.firstElementChild;
    expect(address).toHaveTextContent(/^rasmata\.zongo\.3@demo\.passerelle\.example$/);
    const wbr = address?.querySelector("wbr");
    expect(wbr?.previousSibling?.textContent).toBe("rasmata.zongo.3");
    expect(wbr?.nextSibling?.textContent).toBe("@demo.passerelle.example");
  });

  it("leaves a text without « @ » as it is", () => {
    const { container } = render(<EmailAddress email="adresse-invalide" />);
    expect(container.firstElementChild).toHaveTextContent(/^adresse-invalide$/);
    expect(container.querySelector("wbr")).toBeNull();
  });
});
