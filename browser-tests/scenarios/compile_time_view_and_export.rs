//! The scenario `compile_time_view_and_export`: the compile-time view, its overlay, and the
//! export read, downloaded and copied (with the clipboard permission it needs).

use std::io::Read;
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use typesweeper::codegen::{export_for, Edition};
use typesweeper::runtime::compile_view::compile_view;
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::Deduced;

use crate::harness::{browser_test, DRIVER};
use crate::page::{
    cell_css, click, compile_view_rows, dom, intermediate_opened, js, js_str, press, screenshot,
    select, wait_dom, wait_js, wait_js_for, ENTER, WAIT,
};

browser_test!(
    /// The compile-time view states what the library's view decides, its overlay marks those
    /// cells, and the export's files (read, downloaded, copied) are the library's.
    compile_time_view_and_export
);

async fn play(c: Client, url: String, work: PathBuf) {
    // Intermediate, seed 11, first click at R2C2.
    let (game, before) = intermediate_opened(&c, &url, 11).await;
    let (puzzle, answer) = (game.visible(), game.answer().unwrap());
    let view = compile_view(&puzzle, &answer).unwrap();

    // Per level, what the library's view decides, in words.
    let rows = compile_view_rows(&c).await;
    for ((name, level), row) in [
        ("fragment", &view.fragment),
        ("pairs", &view.pairs),
        ("complete", &view.complete),
    ]
    .into_iter()
    .zip(&rows)
    {
        let head = format!(
            "{name} decides {} of {} hidden cells",
            level.decided, view.hidden_count
        );
        let finishes = format!("finishes {}", if level.finishes { "yes" } else { "no" });
        assert!(
            row.contains(&head) && row.contains(&finishes),
            "{row:?} should say {head:?} and {finishes:?}"
        );
    }

    // The board overlay of fragment against complete marks exactly those cells: a dot
    // (round: safe, square: a mine) for what fragment decides, a dashed ring for what only
    // complete decides.
    select(&c, "#compile-overlay", "fragment").await;
    let d = wait_dom(&c, "the fragment overlay", |d| {
        !(d.with_class("lvl-safe").is_empty() && d.with_class("lvl-mine").is_empty())
    })
    .await;
    for i in 0..256 {
        let fragment = view.fragment.cells[i];
        let complete = view.complete.cells[i];
        let want = match fragment {
            _ if !view.hidden[i] => "",
            Deduced::Safe(_) => "lvl-safe",
            Deduced::Mine => "lvl-mine",
            Deduced::Undecided if complete != Deduced::Undecided => "only-complete",
            Deduced::Undecided => "",
        };
        for class in ["lvl-safe", "lvl-mine", "only-complete"] {
            assert_eq!(
                d.has_class(i, class),
                class == want,
                "cell {i} ({fragment:?}, complete {complete:?}): {}",
                d.classes[i]
            );
        }
    }
    let dot = |class: &str| {
        let i = d.with_class(class)[0];
        let (r, col) = d.at(i);
        format!(
            "getComputedStyle(document.querySelector(\"{}\"), '::after').borderRadius",
            cell_css(r, col)
        )
    };
    if !d.with_class("lvl-mine").is_empty() && !d.with_class("lvl-safe").is_empty() {
        assert_ne!(
            js_str(&c, &dot("lvl-safe")).await,
            js_str(&c, &dot("lvl-mine")).await,
            "the overlay's safe and mine dots differ in shape"
        );
    }
    assert!(js(&c, "!document.getElementById('compile-legend').hidden").await == json!(true));
    screenshot(&c, "intermediate-compile.png").await;

    // The export: the library's files for this position, shown, downloadable and copied.
    select(&c, "#export-level", "fragment").await;
    select(&c, "#export-edition", "2021").await;
    let name = c.find(Locator::Css("#export-name")).await.unwrap();
    name.send_keys("browser_export").await.unwrap();
    click(&c, "#export").await;
    wait_js_for(
        &c,
        "the export",
        Duration::from_secs(60),
        "document.querySelectorAll('#export-out pre').length > 0",
    )
    .await;
    let want = export_for(
        &puzzle,
        &answer,
        Level::Fragment,
        "browser_export",
        Edition::E2021,
    )
    .unwrap();
    let shown = js(
        &c,
        "[...document.querySelectorAll('#export-out .file')].map((f) => \
           [f.querySelector('code').textContent, f.querySelector('pre').textContent])",
    )
    .await;
    let want_files: Vec<Value> = want
        .files
        .iter()
        .map(|f| json!([f.path, f.contents]))
        .collect();
    assert_eq!(shown, Value::Array(want_files), "the exported files");
    assert!(want.files[0].contents.contains("browser_export"));
    let first = &want.files[0];
    let blob = js(
        &c,
        "fetch(document.querySelector('#export-out a[download]').href).then((r) => r.text())",
    )
    .await;
    assert_eq!(
        blob.as_str(),
        Some(first.contents.as_str()),
        "the Download link's file"
    );

    // Enter on the Download link downloads (and opens no cell, as it once did).
    js(
        &c,
        "(() => { document.querySelector('#export-out a[download]').focus(); return true; })()",
    )
    .await;
    press(&c, ENTER).await;
    let file = work
        .join("downloads")
        .join(first.path.rsplit('/').next().unwrap());
    let start = Instant::now();
    while std::fs::read_to_string(&file).ok().as_deref() != Some(first.contents.as_str()) {
        assert!(
            start.elapsed() < WAIT,
            "Enter on Download saved no {} with the file's text",
            file.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        dom(&c).await.board(),
        before.board(),
        "Enter on the link played the board"
    );

    // Copy puts the file's text on the clipboard (read back through the page, allowed to).
    allow_clipboard_reading(&c).await;
    click(&c, "#export-out .file-head button").await;
    wait_js(
        &c,
        "Copy to answer",
        "document.querySelector('#export-out .file-head button').textContent === 'Copied'",
    )
    .await;
    let copied = js(&c, "navigator.clipboard.readText()").await;
    assert_eq!(
        copied.as_str(),
        Some(first.contents.as_str()),
        "the clipboard"
    );
    screenshot(&c, "intermediate-export.png").await;
}

/// Lets the page read the clipboard (WebDriver's Set Permission, sent to chromedriver by hand:
/// fantoccini has no call for it).
async fn allow_clipboard_reading(c: &Client) {
    use std::io::Write;
    let session = c.session_id().await.unwrap().expect("a session");
    let address = DRIVER
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .trim_start_matches("http://")
        .to_string();
    let body = json!({"descriptor": {"name": "clipboard-read"}, "state": "granted"}).to_string();
    let mut stream = TcpStream::connect(&address).expect("chromedriver answers");
    write!(
        stream,
        "POST /session/{session}/permissions HTTP/1.1\r\nHost: {address}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // The status line is enough (chromedriver may keep the connection open).
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut head = [0; 64];
    let read = stream
        .read(&mut head)
        .expect("chromedriver answers the permission");
    let answer = String::from_utf8_lossy(&head[..read]);
    assert!(
        answer.starts_with("HTTP/1.1 200"),
        "chromedriver refused the clipboard permission: {answer}"
    );
}
