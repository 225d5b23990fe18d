import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DataTable, type DataTableColumn } from "./DataTable.tsx";

interface Row {
  id: string;
  name: string;
  createdAt: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: "name", header: "Nom", sortKey: "name", rowHeader: true, cell: (r) => r.name },
  { id: "created", header: "Inscription", sortKey: "created_at", firstDir: "desc", cell: (r) => r.createdAt },
  { id: "actions", header: "Actions", headerHidden: true, cell: () => <button type="button">Voir</button> },
];
const rows: Row[] = [
  { id: "1", name: "Awa", createdAt: "hier" },
  { id: "2", name: "Julien", createdAt: "aujourd’hui" },
];

describe("DataTable", () => {
  it("has a caption, row headers, and aria-sort on the sorted column only", () => {
    render(
      <DataTable
        caption="Utilisateurs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: "created_at", dir: "desc" }}
        onSortChange={() => {}}
      />,
    );
    const table = screen.getByRole("table", { name: "Utilisateurs" });
    expect(screen.getByRole("region", { name: "Utilisateurs" })).toHaveAttribute("tabindex", "0");
    expect(within(table).getByRole("columnheader", { name: "Inscription" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    expect(within(table).getByRole("columnheader", { name: "Nom" })).not.toHaveAttribute("aria-sort");
    expect(within(table).getByRole("rowheader", { name: "Julien" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
  });

  it("flips the direction of the sorted column and starts another column with its first direction", async () => {
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="Utilisateurs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: "name", dir: "asc" }}
        onSortChange={onSortChange}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Nom" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "name", dir: "desc" });
    await userEvent.click(screen.getByRole("button", { name: "Inscription" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "created_at", dir: "desc" });
  });

  it("shows skeleton rows while loading, then the empty message", () => {
    const { rerender } = render(
      <DataTable
        caption="Liste"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        loading
        loadingRows={3}
      />,
    );
    const table = screen.getByRole("table");
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(screen.getByRole("status")).toHaveTextContent("Chargement");

    rerender(
      <DataTable caption="Liste" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Rien ici." />,
    );
    expect(screen.getByRole("cell", { name: "Rien ici." })).toHaveAttribute("colspan", "3");
  });

  it("labels each cell with its column for the cards, hidden from screen readers, which use the headers", () => {
    render(<DataTable caption="Utilisateurs" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole("table", { name: "Utilisateurs" });
    // The explicit roles keep the table semantics when the cards change the elements' display.
    expect(table).toHaveAttribute("role", "table");
    const [, awa] = within(table).getAllByRole("row");
    if (!awa) throw new Error("no data row");
    expect(awa).toHaveAttribute("role", "row");

    const created = within(awa).getByRole("cell", { name: "hier" });
    const label = within(created).getByText("Inscription");
    expect(label).toHaveAttribute("aria-hidden", "true");
    // The row header is the card's title and the actions are shown as they are: no label.
    expect(within(awa).getByRole("rowheader", { name: "Awa" })).toHaveTextContent(/^Awa$/);
    expect(within(awa).getByRole("button", { name: "Voir" }).closest("td")).toHaveTextContent(/^Voir$/);
  });

  it("names the cards' sort bar only when a column can be sorted", () => {
    const { rerender } = render(
      <DataTable
        caption="Utilisateurs"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: "name", dir: "asc" }}
        onSortChange={() => {}}
      />,
    );
    expect(screen.getByText("Trier par")).toHaveAttribute("aria-hidden", "true");
    // Without a sort handler the headers are plain text: nothing to sort by.
    rerender(<DataTable caption="Utilisateurs" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByText("Trier par")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Nom" })).not.toBeInTheDocument();
  });
});
