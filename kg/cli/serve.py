"""The ``kg serve`` command: the embedded store as a SPARQL endpoint with a query page, until Ctrl-C.

A thin layer over :class:`kg.store.serve.Server` (the Oxigraph server program over the store folder).
"""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.store.embedded import DEFAULT_STORE
from kg.store.serve import DEFAULT_BIND


@click.command()
@click.option("--store", "store_dir", type=click.Path(path_type=Path), default=DEFAULT_STORE, show_default=True,
              help="The embedded store folder to serve.")
@click.option("--bind", default=DEFAULT_BIND, show_default=True, metavar="HOST:PORT",
              help="Where to listen; 127.0.0.1 keeps the server to this machine.")
@click.option("--writable", is_flag=True,
              help="Accept SPARQL updates and Graph Store writes (default: read-only).")
@click.option("--timeout", type=float, default=None,
              help="Seconds after which a query or update is stopped and answered with an error.")
@click.option("--allow-fetch", is_flag=True,
              help="Let queries and updates make the server fetch URLs (SERVICE, LOAD); refused by default.")
@click.option("--allow-remote-writes", is_flag=True,
              help="Let a --writable server listen on an address other machines reach (refused by default).")
@click.option("--host-name", "host_names", multiple=True, metavar="NAME",
              help="Another name the server answers for (the Host header); repeatable.")
def serve(store_dir: Path, bind: str, writable: bool, timeout: float | None, allow_fetch: bool,
          allow_remote_writes: bool, host_names: tuple[str, ...]) -> None:
    """Serve the embedded store as a SPARQL endpoint with a query page, until Ctrl-C.

    Runs the Oxigraph server program. Read-only unless --writable; while a read-only
    server runs, `kg load` refuses to write to its store (stop the server, or serve
    with --writable and load through its /store endpoint). Queries at URL/query, a
    query page at URL, and, when writable, updates at URL/update and Graph Store
    writes at URL/store.

    Requests must name the server as bound (Host header) and come from no other site
    (Origin header). Writes need the token: Authorization: Bearer TOKEN, where TOKEN
    is $KG_SERVE_TOKEN or, unset, one printed at start (`kg load --endpoint` sends
    $KG_ENDPOINT_TOKEN). SERVICE and LOAD, which make the server fetch URLs, are
    refused unless --allow-fetch.

    \b
    Example:
      kg serve                                 # http://127.0.0.1:7878/
      kg serve --store /tmp/store --bind 127.0.0.1:8000 --writable --timeout 30
      KG_SERVE_TOKEN=s3cret kg serve --writable --allow-fetch
    """
    import signal

    from kg.store.serve import Server, is_loopback

    def terminate(signum, frame):
        raise KeyboardInterrupt

    with user_errors():
        server = Server(store_dir, bind=bind, writable=writable, timeout=timeout, allow_fetch=allow_fetch,
                        allow_remote_writes=allow_remote_writes, host_names=host_names)
        server.start()
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        mode = "writable" if writable else "read-only"
        click.echo(f"Serving {store_dir} ({mode}) at {server.url}")
        click.echo(f"  SPARQL queries: {server.query_url}" + (f"\n  updates: {server.update_url}\n  Graph Store: "
                                                             f"{server.store_url}" if writable else ""))
        if writable:
            click.echo("  write token: " + ("from $KG_SERVE_TOKEN" if server.token_from_env else server.token)
                       + " (send Authorization: Bearer TOKEN)")
        if not is_loopback(server.host):
            click.echo(f"  warning: listening on {server.host}, reachable from other machines", err=True)
        click.echo("Press Ctrl-C to stop.")
        status = server.wait()
        raise click.ClickException(f"the Oxigraph server stopped by itself (status {status})")
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.stop()
        signal.signal(signal.SIGTERM, previous)


def register(main: click.Group) -> None:
    """Add ``serve`` to the ``kg`` command group."""
    main.add_command(serve)
