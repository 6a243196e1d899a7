/// The style of the forms (Log, Edit, Remove, Settings), appended to Kith's style sheet. Uses
/// the palette variables of the page style (`--fg`, `--line`, `--card`...), so both themes
/// apply; a category's chip takes its colour from `--k` (`/static/categories.css`).
enum FormStyle {
    static let css: StaticString = """
        form fieldset{border:1px solid var(--line);border-radius:8px;padding:.6rem .9rem .8rem;margin:0 0 .9rem;background:var(--card)}
        form legend{font-weight:600;padding:0 .3rem}
        form label{display:block;font-size:.85rem;color:var(--muted);margin:.35rem 0 .15rem}
        input[type=text],input[type=date],input[type=time],input[type=number],select,textarea{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.35rem .5rem;max-width:100%}
        input[type=text],textarea{width:100%}
        input:focus,select:focus,textarea:focus,button:focus{outline:2px solid var(--accent);outline-offset:1px}
        input[type=color]{width:2.6rem;height:2rem;padding:0 .1rem;border:1px solid var(--line);border-radius:6px;background:var(--bg)}
        [aria-invalid=true],tr.invalid input,.category-row.invalid input{border-color:var(--today)}
        .problem{color:var(--today);font-size:.88rem;margin:.25rem 0 0}
        .row{display:flex;gap:.8rem;flex-wrap:wrap}.row>div{flex:0 1 auto}.row>.wide{flex:1 1 18rem}
        .choices{display:flex;flex-wrap:wrap;gap:.3rem .45rem;margin:.3rem 0}
        label.choice{display:inline-flex;align-items:center;gap:.3rem;color:var(--fg);font-size:.92rem;margin:0;cursor:pointer}
        label.choice.chip{padding:.15rem .6rem}
        label.choice.chip:has(input:checked){background:color-mix(in srgb,var(--k,var(--accent)) 24%,transparent);font-weight:600}
        label.choice.chip input{margin:0}
        fieldset.people details{margin:.2rem 0}fieldset.people summary{cursor:pointer;padding:.15rem 0}
        fieldset.people .sub{margin:.2rem 0 .2rem 1.2rem}
        fieldset.people .choices{margin-left:1.2rem}
        fieldset.inline{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center}
        fieldset.inline legend{float:left;margin-right:.6rem}
        .traits-form table{width:100%;border-collapse:collapse}
        .traits-form th{text-align:left;font-weight:500;font-size:.82rem;color:var(--muted);padding:.1rem .3rem}
        .traits-form td{padding:.2rem .3rem;vertical-align:top}.traits-form td:first-child{width:24%}.traits-form td:nth-child(2){width:26%}
        .traits-form select{width:100%}
        .kept{margin-bottom:.5rem}.kept-photo{display:inline-flex;flex-direction:column;align-items:center;gap:.2rem;color:var(--fg)}
        .kept-photo img{width:96px;height:96px;object-fit:cover;border-radius:6px;border:1px solid var(--line)}
        .actions{display:flex;gap:.8rem;align-items:center;margin:.6rem 0}
        button{font:inherit;cursor:pointer;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);padding:.35rem .9rem}
        button.primary{background:var(--accent);border-color:var(--accent);color:var(--bg);font-weight:600}
        button.danger{background:var(--today);border-color:var(--today);color:#fff;font-weight:600}
        .category-rows{display:flex;flex-direction:column;gap:.3rem}
        form.category-row{display:flex;flex-wrap:wrap;gap:.45rem;align-items:center;padding:.2rem 0;border-bottom:1px solid var(--line)}
        form.category-row.sub{padding-left:1.6rem}
        form.category-row input[name=name]{width:14rem;flex:0 1 14rem}
        form.category-row input.icon{width:4rem;flex:0 0 4rem;text-align:center}
        form.category-row .swatch{min-width:2.2rem;text-align:center;background:color-mix(in srgb,var(--k,var(--muted)) 24%,transparent)}
        form.category-row .problem{flex-basis:100%}
        form.category-row:target{outline:2px solid var(--accent);outline-offset:2px;border-radius:4px}
        """
}
