import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formatNumber } from "@web/lib/format.ts";
import { describe, expect, it, vi } from "vitest";
import { Pagination } from "./Pagination.tsx";

// getByText collapses the narrow no-break space French numbers use; so does this.
const n = (value: number) => formatNumber(value).replace(/\s/g, " ");

describe("Pagination", () => {
  it("says where we are and moves between pages", async () => {
    const onPageChange = vi.fn();
    render(
      <Pagination page={2} size={25} total={1000} onPageChange={onPageChange} itemsLabel="utilisateurs" />,
    );
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeInTheDocument();
    expect(screen.getByText("Page 2 sur 40")).toBeInTheDocument();
    expect(screen.getByText(`${n(1000)} utilisateurs`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Suivant" }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole("button", { name: "Précédent" }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it("disables « Précédent » on the first page and « Suivant » on the last", () => {
    const { rerender } = render(<Pagination page={1} size={25} total={30} onPageChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Précédent" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Suivant" })).toBeEnabled();
    rerender(<Pagination page={2} size={25} total={30} onPageChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Suivant" })).toBeDisabled();
    rerender(<Pagination page={1} size={25} total={1} onPageChange={() => {}} itemLabel="profil" />);
    expect(screen.getByText("1 profil")).toBeInTheDocument();
  });

  it("shows « 10 000+ » when the server stopped counting", () => {
    render(<Pagination page={1} size={25} total={10_000} totalCapped onPageChange={() => {}} />);
    expect(screen.getByText(`${n(10_000)}+ résultats`)).toBeInTheDocument();
    expect(screen.getByText(`Page 1 sur ${n(400)}+`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Suivant" })).toBeEnabled();
  });
});
