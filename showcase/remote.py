"""A remote desktop: one machine serves its screen, another drives it through the loop."""

from __future__ import annotations

from ._framework import Transcript, capability, namespace


@capability(
    "remote-desktop",
    "A remote desktop: --serve on the driven machine, --remote on the driver",
    "The driven machine serves its element index, its pixels with their mapping, and an "
    "action endpoint behind a token; the driver's loop runs unchanged on RemoteScreen and "
    "RemoteExecutor, and the server's own policy refuses what the driver allowed itself.",
    shows=[
        "remote.RemoteExecutor",
        "remote.RemoteExecutor.execute",
        "remote.RemoteExecutor.execute_batch",
        "remote.RemoteScreen",
        "remote.RemoteScreen.capture",
        "remote.RemoteScreen.close",
        "remote.RemoteScreen.health",
        "remote.RemoteScreen.pixels",
        "remote.RemoteScreen.signature",
        "remote.RemoteServer",
        "remote.RemoteServer.close",
        "remote.RemoteServer.serve_forever",
        "remote.RemoteServer.start",
        "remote.TokenFileError",
        "remote.check_remote",
        "remote.check_url",
        "remote.read_token_file",
        "remote.serve",
        "remote.write_token_file",
    ],
)
def remote_desktop() -> Transcript:
    t, ns = Transcript(), namespace()
    t.python(
        """
        import io, pathlib, tempfile, threading
        from tiny_computer_agent import remote
        folder = pathlib.Path(tempfile.mkdtemp())
        token = remote.write_token_file(folder / "token")  # mode 0600, never overwritten
        log = io.StringIO()
        # the driven machine: its screen (here the built-in example, read by real OCR)
        screen = tca.ImageScreen.of(tca.example_frames())
        server = remote.serve(screen=screen, policy=tca.Policy(), token=token, log=log).start()
        # the driver: the same loop, a screen and an executor over HTTP
        eyes = remote.RemoteScreen(server.url, token=token)
        hands = remote.RemoteExecutor(server.url, token=token)
        print(eyes.health()["index"])
        brain = tca.ScriptedBrain.of([{"verb": "click", "target": "Save"}])
        ep = tca.run_episode("click 'Save'", screen=eyes, brain=brain, executor=hands,
                             verify_text="Saved")
        print(ep.steps[0].result.description, "->", ep.outcome)
        print("pixels:", eyes.last.image.size, "mapping:", eyes.last.mapping.to_dict())
        # a brain that reads only the menu (the planner: sees_pixels False) needs no PNG a
        # look; such a look is the index alone, and a zoom fetches its frame's pixels
        words = remote.RemoteScreen(server.url, token=token, images=False)
        look = words.capture()
        print("index only:", look.image, "| for a zoom:", words.pixels(look).image.size)
        print("signature:", eyes.signature().hex()[:16], eyes.signature((0, 0, 200, 40)).hex()[:16])
        frame = eyes.capture()
        try:  # the server checks with its own policy: a terminal is denied there
            hands.execute(tca.Action.make("click", target="Terminal"), frame)
        except tca.PolicyRefusal as exc:
            print("refused:", exc.rule, "|", str(exc)[:80])
        batch = [tca.Action.make("click", target="Meeting notes"),
                 tca.Action.make("type", text="- serve it"), tca.Action.make("key", keys="Return")]
        print(hands.execute_batch(batch, frame).description)
        eyes.close()
        server.close()
        print(*log.getvalue().splitlines()[:4], sep="\\n")
        """,
        ns,
    )
    t.python(
        """
        strict = tca.Policy(denied_text=("hello",))  # the driven machine's own rules
        quiet = tca.ScriptedScreen.of_labels(["Name", "OK"])
        server = remote.serve(screen=quiet, policy=strict, token=token, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        hands = remote.RemoteExecutor(server.url, token=token)
        brain = tca.ScriptedBrain.of([{"verb": "type", "text": "hello", "target": "Name"}])
        ep = tca.run_episode("greet", screen=remote.RemoteScreen(server.url, token=token),
                             brain=brain, executor=hands)  # the driver's policy allows it
        print(ep.outcome, "|", ep.steps[0].refusal)
        print(remote.check_url(server.url + "/") == server.url)  # the address --remote takes
        for check in remote.check_remote(server.url, token_file=folder / "token"):
            print(check.render()[:110])
        server.close()
        (folder / "token").chmod(0o644)
        try:
            remote.read_token_file(folder / "token")
        except remote.TokenFileError as exc:
            print("TokenFileError:", exc)
        remote.write_token_file(folder / "driver-token")
        """,
        ns,
    )
    token_file = str(ns["folder"] / "driver-token")
    t.shell("--remote", "http://127.0.0.1:9", "--token-file", token_file, "save")
    return t
