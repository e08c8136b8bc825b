//! `typesweeper serve` as a user starts it: it prints the URL once listening, serves the page
//! there, and refuses a malformed or taken address with a clear message.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};

fn typesweeper() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_typesweeper"));
    let data = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-cli-data");
    command.env("TYPESWEEPER_DATA_DIR", data);
    command
}

/// The server, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request over a fresh connection; the whole response as text.
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_prints_its_url_and_serves_the_page_and_the_api() {
    let mut child = typesweeper()
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    assert!(
        line.starts_with("typesweeper: the game is at http://127.0.0.1:"),
        "{line}"
    );
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .to_string();

    let page = http(
        &addr,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("text/html"));
    assert!(
        page.contains("<script") && page.contains("app.js"),
        "the page loads its script"
    );

    let body = r#"{"level": "expert", "seed": 3}"#;
    let created = http(
        &addr,
        &format!(
            "POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    );
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    assert!(created.contains(r#""cols":30"#) && created.contains(r#""seed":3"#));
}

#[test]
fn a_malformed_address_is_bad_input_and_a_taken_one_fails() {
    let out = typesweeper()
        .args(["serve", "--addr", "localhost"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--addr"));

    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = typesweeper()
        .args(["serve", "--addr", &addr])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("error: cannot serve at {addr}")),
        "{stderr}"
    );
}
