"""A TCP proxy on loopback that counts the connections open through it at once, for
BigSiteE2ETests: PHP's server closes every connection after one answer, so connections
open at once are requests in flight, counted in front of the site where the site's own
few workers could not see an excess.

Usage: counting-proxy.py TARGET_PORT OUT_FILE [LISTEN_PORT]   (prints "PORT n" once
listening; OUT_FILE holds the highest count seen, rewritten as it rises). LISTEN_PORT, when
given, lets a test stop the proxy and start it again where its client expects it
(WatchE2ETests: a site down for a while)."""
import asyncio, sys

target, out = int(sys.argv[1]), sys.argv[2]
listen = int(sys.argv[3]) if len(sys.argv) > 3 else 0
open_now = highest = 0


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def serve(client_reader, client_writer):
    global open_now, highest
    open_now += 1
    if open_now > highest:
        highest = open_now
        with open(out, "w") as file:
            file.write(str(highest))
    try:
        site_reader, site_writer = await asyncio.open_connection("127.0.0.1", target)
        await asyncio.gather(pipe(client_reader, site_writer), pipe(site_reader, client_writer))
    finally:
        open_now -= 1


async def main():
    server = await asyncio.start_server(serve, "127.0.0.1", listen, reuse_address=True)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()

asyncio.run(main())
