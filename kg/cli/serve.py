"""The ``kg serve`` command: the embedded store as a SPARQL endpoint with a query page, until Ctrl-C.

A thin layer over :class:`kg.store.serve.Server` (kg's own HTTP server over the store, on one port).
"""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.store.embedded import DEFAULT_STORE
from kg.store.serve import DEFAULT_BIND, DEFAULT_TIMEOUT, READ_TIMEOUT


@click.command()
@click.option(
    "--store",
    "store_dir",
    type=click.Path(path_type=Path),
    default=DEFAULT_STORE,
    show_default=True,
    help="The embedded store folder to serve.",
)
@click.option(
    "--bind",
    default=DEFAULT_BIND,
    show_default=True,
    metavar="HOST:PORT",
    help="Where to listen; 127.0.0.1 keeps the server to this machine; port 0 takes a free port.",
)
@click.option("--writable", is_flag=True, help="Accept SPARQL updates and Graph Store writes (default: read-only).")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds after which a query is stopped and answered with an error (0: no limit).",
)
@click.option(
    "--read-timeout",
    type=click.FloatRange(min=1),
    default=READ_TIMEOUT,
    show_default=True,
    help="Seconds a connection may send nothing before it is closed.",
)
@click.option(
    "--allow-fetch",
    is_flag=True,
    help="Let queries and updates make the server fetch URLs (SERVICE, LOAD); refused by default.",
)
@click.option(
    "--allow-remote-writes",
    is_flag=True,
    help="Let a --writable server listen on an address other machines reach (refused by default).",
)
@click.option(
    "--host-name",
    "host_names",
    multiple=True,
    metavar="NAME",
    help="Another name the server answers for (the Host header); repeatable.",
)
def serve(
    store_dir: Path,
    bind: str,
    writable: bool,
    timeout: float,
    read_timeout: float,
    allow_fetch: bool,
    allow_remote_writes: bool,
    host_names: tuple[str, ...],
) -> None:
    """Serve the embedded store as a SPARQL endpoint with a query page, until Ctrl-C.

    kg answers on one port only, from the store in its own process: queries at
    URL/query (the default graph is the union of the article graphs, and kg:, rdfs:,
    person:, ... are declared, as in kg query), a query page at URL, and, when
    --writable, updates at URL/update and Graph Store writes at URL/store. Read-only
    unless --writable; while a read-only server runs, `kg load` refuses to write to its
    store (stop the server, or serve with --writable and load through its /store).

    Requests must name the server as bound (Host header) and come from no other site
    (Origin header). Writes need the token: Authorization: Bearer TOKEN, where TOKEN
    is $KG_SERVE_TOKEN or, unset, one printed at start; `kg load --endpoint` sends
    the token it finds in $KG_ENDPOINT_TOKEN. SERVICE and LOAD, which make the server
    fetch URLs, are refused unless --allow-fetch.

    \b
    Example:
      kg serve                                 # http://127.0.0.1:7878/
      kg serve --store /tmp/store --bind 127.0.0.1:8000 --timeout 30
      KG_SERVE_TOKEN=s3cret kg serve --writable &
      KG_ENDPOINT_TOKEN=s3cret kg load output/ --endpoint http://127.0.0.1:7878/store
      curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT ?p WHERE { ?p a kg:Person }' \\
           http://127.0.0.1:7878/query
    """
    import signal

    from kg.store.gateway import CLIENT_TOKEN_VARIABLE, TOKEN_VARIABLE
    from kg.store.serve import Server, is_loopback

    def terminate(signum, frame):
        raise KeyboardInterrupt

    with user_errors():
        server = Server(
            store_dir,
            bind=bind,
            writable=writable,
            timeout=timeout,
            allow_fetch=allow_fetch,
            allow_remote_writes=allow_remote_writes,
            host_names=host_names,
            read_timeout=read_timeout,
        )
        server.start()
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        mode = "writable" if writable else "read-only"
        click.echo(f"Serving {store_dir} ({mode}) at {server.url}")
        click.echo(
            f"  SPARQL queries: {server.query_url}"
            + (f"\n  updates: {server.update_url}\n  Graph Store: {server.store_url}" if writable else "")
        )
        if writable:
            token = f"the one in ${TOKEN_VARIABLE}" if server.token_from_env else server.token
            click.echo(
                f"  write token: {token} (kg load --endpoint sends ${CLIENT_TOKEN_VARIABLE}; "
                "others send Authorization: Bearer TOKEN)"
            )
        if not is_loopback(server.host):
            click.echo(f"  warning: listening on {server.host}, reachable from other machines", err=True)
        click.echo("Press Ctrl-C to stop.", nl=True)
        server.wait()
        raise click.ClickException("the server stopped by itself")
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.stop()
        signal.signal(signal.SIGTERM, previous)


def register(main: click.Group) -> None:
    """Add ``serve`` to the ``kg`` command group."""
    main.add_command(serve)
