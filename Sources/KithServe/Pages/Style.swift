/// Kith's style sheet: light and dark palettes (the `theme` setting as a class on <html>,
/// `theme-auto` following `prefers-color-scheme`), the layout, the calendar and the lists.
/// Category colours come from `/static/categories.css` as `--k`.
enum Style {
    static let css: StaticString = """
        :root{--bg:#fbfaf7;--fg:#1d1d1f;--muted:#6b6b70;--line:#e2e0da;--card:#ffffff;--accent:#2f6fb2;--empty:#efede8;--today:#d9480f;color-scheme:light}
        html.theme-dark{--bg:#16171a;--fg:#ececef;--muted:#9a9aa2;--line:#2e3036;--card:#1f2125;--accent:#7fb0e8;--empty:#24262b;--today:#ff8a50;color-scheme:dark}
        @media (prefers-color-scheme:dark){html.theme-auto{--bg:#16171a;--fg:#ececef;--muted:#9a9aa2;--line:#2e3036;--card:#1f2125;--accent:#7fb0e8;--empty:#24262b;--today:#ff8a50;color-scheme:dark}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
        header.top{display:flex;gap:1.5rem;align-items:center;padding:.6rem 1.2rem;border-bottom:1px solid var(--line);background:var(--card);position:sticky;top:0;z-index:2}
        header.top .brand{font-weight:700;font-size:1.15rem;color:var(--fg)}
        header.top nav{display:flex;gap:1rem}
        header.top nav a{color:var(--muted);padding:.2rem .1rem}
        header.top nav a[aria-current=page]{color:var(--fg);border-bottom:2px solid var(--accent)}
        main{max-width:1100px;margin:0 auto;padding:1rem 1.2rem 3rem}
        h1{font-size:1.5rem;margin:.4rem 0 1rem}h2{font-size:1.15rem;margin:1.6rem 0 .6rem}
        .muted,small{color:var(--muted)}
        .error{padding:.6rem .8rem;border-left:4px solid var(--today);background:var(--card)}
        .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;margin:.6rem 0}
        .pager{display:flex;gap:.8rem;align-items:center;flex-wrap:wrap;margin:.2rem 0 .8rem}
        .pager h1{margin:0 1rem 0 0}
        .dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;background:var(--k,var(--muted));vertical-align:middle;margin-right:.3em}
        .chip{display:inline-block;padding:.05rem .5rem;border-radius:999px;border:1px solid var(--k,var(--line));font-size:.85rem;margin:.1rem .2rem .1rem 0}
        .month{display:grid;grid-template-columns:repeat(7,1fr);gap:4px}
        .month .wd{font-size:.8rem;color:var(--muted);text-align:center;padding:.2rem}
        .month .day{min-height:5.2rem;background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.25rem .35rem;display:block;color:var(--fg);overflow:hidden}
        .month .day.out{visibility:hidden}
        .month .day.has{border-left:5px solid var(--k,var(--accent))}
        .month .day.today .n{color:var(--today);font-weight:700}
        .month .day .n{font-weight:600}
        .month .day .count{float:right;font-size:.8rem;color:var(--muted)}
        .month .day ul{list-style:none;margin:.2rem 0 0;padding:0;font-size:.78rem}
        .month .day li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .year{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.8rem}
        .year .m h3{font-size:.9rem;margin:.2rem 0}
        .heat{display:grid;grid-template-columns:repeat(7,1.7rem);gap:3px}
        .heat a,.heat span{width:1.7rem;height:1.3rem;border-radius:3px;background:var(--empty);display:block;font-size:.62rem;text-align:center;color:transparent}
        .heat a.h1{background:color-mix(in srgb,var(--k,var(--accent)) 30%,var(--empty))}
        .heat a.h2{background:color-mix(in srgb,var(--k,var(--accent)) 55%,var(--empty))}
        .heat a.h3{background:color-mix(in srgb,var(--k,var(--accent)) 78%,var(--empty))}
        .heat a.h4{background:var(--k,var(--accent))}
        .heat span.pad{background:transparent}
        .events{list-style:none;padding:0;margin:0}
        .events li{padding:.45rem 0;border-bottom:1px solid var(--line)}
        .events .time{display:inline-block;min-width:5.5rem;margin-right:.6rem;color:var(--muted);font-variant-numeric:tabular-nums}
        .tree{list-style:none;padding-left:0}.tree ul{list-style:none;padding-left:1.2rem}
        .tree details>summary{cursor:pointer;padding:.2rem 0;font-weight:600}
        .tree li.person{display:flex;gap:.8rem;padding:.1rem 0}
        .tree li.person .seen{color:var(--muted);font-size:.85rem}
        .due{color:var(--today);font-size:.85rem}
        .profile{display:flex;gap:1.2rem;align-items:flex-start}
        .profile img{width:120px;height:120px;object-fit:cover;border-radius:8px;border:1px solid var(--line)}
        dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0}dl.fields dt{color:var(--muted)}dl.fields dd{margin:0}
        .bars{display:flex;gap:4px;align-items:flex-end;height:80px}
        .bars div{flex:1;background:var(--accent);min-height:1px;border-radius:2px 2px 0 0}
        .bars .b0{height:1px;opacity:.4}.bars .b1{height:10%}.bars .b2{height:20%}.bars .b3{height:30%}.bars .b4{height:40%}.bars .b5{height:50%}
        .bars .b6{height:60%}.bars .b7{height:70%}.bars .b8{height:80%}.bars .b9{height:90%}.bars .b10{height:100%}
        .bars-labels{display:flex;gap:4px}.bars-labels span{flex:1;font-size:.7rem;color:var(--muted);text-align:center}
        .photos{display:flex;flex-wrap:wrap;gap:.6rem}.photos img{max-width:100%;max-height:420px;border-radius:6px;border:1px solid var(--line)}
        .traits li{margin:.15rem 0}
        #daypanel:empty{display:none}
        @media (max-width:700px){.month .day{min-height:3rem}.month .day ul{display:none}}
        """
}
