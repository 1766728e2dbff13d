"""A generic yes means what its dialog asks (issue 37, third pass): ``OK`` under
"Permanently delete 3 files?" deletes for good, under "File saved." it does nothing.
The classifier reads the dialog's sentences (:func:`classify_in`, :func:`says`), the
policy gathers them from the frame (:func:`dialog_texts`); and the money, cloud, spaced
and drawn labels the first rules missed."""

from __future__ import annotations

from typing import Any

import pytest

from tiny_computer_agent import (
    ARM_ENV,
    Action,
    Element,
    Observation,
    Policy,
    PolicyRefusal,
    Window,
)
from tiny_computer_agent._irreversible import (
    classify,
    classify_in,
    dialog_texts,
    is_assent,
    says,
)

SIZE = (1280, 800)
DIALOG = Window(title="Files", box=(300, 200, 900, 500), id=5, wm_class=("nautilus",))
OTHER = Window(title="Shop - Firefox", box=(0, 0, 1280, 800), id=6, wm_class=("firefox",))


def armed(**fields: Any) -> Policy:
    return Policy(**fields).armed(flag=True, environ={ARM_ENV: "1"})


@pytest.mark.parametrize(
    ("yes", "question"),
    [
        ("OK", "Permanently delete 3 files?"),
        ("Yes", "Pay $20 now?"),
        ("Continue", "This cannot be undone."),
        ("Yes, I'm sure", "Are you sure you want to empty the trash?"),
        ("Proceed", "Your card will be charged $9.99."),
        ("Aceptar", "¿Eliminar definitivamente 3 archivos?"),
        ("Continuer", "Cette action est irréversible."),
        ("Ja", "Möchten Sie den Papierkorb wirklich leeren?"),
        ("Sim", "Deseja transferir R$ 500,00 para Maria?"),
        ("Sì", "Eliminare definitivamente 4 elementi?"),
        ("确定", "确定要删除这 5 个文件吗？"),
        ("はい", "この操作は元に戻せません。"),
        ("Да", "Удалить аккаунт навсегда?"),
    ],
)
def test_a_yes_to_an_irreversible_question_is_irreversible(yes: str, question: str) -> None:
    assert is_assent(yes)
    assert classify(yes) is None  # alone it says nothing
    found = classify_in(yes, ["Dialog", question])
    assert found is not None and found.question == question
    assert repr(question) in found.describe()


@pytest.mark.parametrize(
    ("yes", "question"),
    [
        ("OK", "File saved."),
        ("OK", "Deleted items"),
        ("OK", "3 files were moved to Deleted items."),
        ("Continue", "Review your order before you pay."),
        ("Yes", "Save changes to notes.txt before closing?"),
        ("Got it", "Tip: pay attention to the status bar."),
        ("OK", "Would you like to send feedback?"),
        ("确定", "已删除 3 个文件。"),
        ("OK", "ファイルを保存しました。"),
    ],
)
def test_a_yes_to_a_harmless_text_passes(yes: str, question: str) -> None:
    assert classify_in(yes, [question]) is None


def test_only_a_generic_yes_is_read_with_its_dialog() -> None:
    assert not is_assent("Save") and not is_assent("Open") and not is_assent("OK Google")
    assert classify_in("Save", ["Permanently delete 3 files?"]) is None
    assert says("Permanently delete 3 files? This cannot be undone.") is not None
    assert says("Total: $2,500.00 in notes.txt") is None  # a number's comma, a file's dot


def _frame(*elements: Element, windows: tuple[Window, ...] = (DIALOG, OTHER),
           prose: tuple[str, ...] = ()) -> Observation:  # fmt: skip
    return Observation.of(elements, size=SIZE, windows=windows, prose=prose)


def test_dialog_texts_are_the_title_and_the_sentences_of_the_same_window() -> None:
    yes = Element(label="OK", box=(700, 440, 780, 470), kind="button", window=5)
    question = Element(label="Permanently delete 3 files?", box=(320, 260, 800, 290), window=5)
    page = Element(label="Delete your account in three steps.", box=(20, 600, 600, 620),
                   window=6)  # fmt: skip
    word = Element(label="Delete", box=(320, 300, 400, 320), window=5)  # a control's label
    texts = dialog_texts(yes, _frame(yes, question, page, word))
    assert texts == ("Files", "Permanently delete 3 files?")
    prose = dialog_texts(yes, _frame(yes, prose=("Empty the trash?",)))
    assert prose == ("Files", "Empty the trash?")  # the dialog is in front: its prose


def test_the_policy_refuses_a_yes_whose_dialog_says_it_deletes() -> None:
    yes = Element(label="OK", box=(700, 440, 780, 470), kind="button", window=5)
    question = Element(label="Permanently delete 3 files?", box=(320, 260, 800, 290), window=5)
    with pytest.raises(PolicyRefusal) as refused:
        armed().check(Action.make("click", target="OK"), _frame(yes, question))
    assert refused.value.rule == "irreversible"
    assert "Permanently delete 3 files?" in str(refused.value)
    assert "--allow-irreversible OK@Files" in str(refused.value)  # a yes names its dialog
    # the same OK under "File saved." is pressed; a dry run never refuses for it
    saved = Element(label="File saved.", box=(320, 260, 800, 290), window=5)
    armed().check(Action.make("click", target="OK"), _frame(yes, saved))
    Policy().check(Action.make("click", target="OK"), _frame(yes, question))
    # the dry run's report names it (Policy.irreversible with the frame)
    why = Policy().irreversible(Action.make("click", target="OK"), (yes,), _frame(yes, question))
    assert why is not None and "deletes for good" in why


def test_a_person_allows_one_press_of_the_yes_in_the_dialog_it_names() -> None:
    yes = Element(label="OK", box=(700, 440, 780, 470), kind="button", window=5)
    question = Element(label="Empty the trash?", box=(320, 260, 800, 290), window=5)
    click = Action.make("click", target="OK")
    armed(allow_irreversible=("OK@Files",)).check(click, _frame(yes, question))
    armed(allow_irreversible=("OK@*",)).check(click, _frame(yes, question))  # any window
    # bound to another window, it allows nothing here, and the refusal says where it was
    with pytest.raises(PolicyRefusal) as refused:
        armed(allow_irreversible=("OK@Terminal",)).check(click, _frame(yes, question))
    assert "in 'Terminal' only" in str(refused.value)
    assert "--allow-irreversible OK@Files" in str(refused.value)


@pytest.mark.parametrize("given", ["OK", "ok", "Yes*2", "Continue", "确定"])
def test_a_generic_yes_alone_is_no_allowance(given: str) -> None:
    """It is irreversible only by its question: alone it would be spent on any dialog's
    yes. The error says how to name the dialog."""
    with pytest.raises(ValueError, match="generic yes") as refused:
        armed(allow_irreversible=(given,))
    assert "@WINDOW" in str(refused.value)


def test_a_named_label_bound_to_a_window_is_spent_only_there() -> None:
    delete = Element(label="Delete forever", box=(700, 440, 780, 470), kind="button", window=5)
    elsewhere = Element(label="Delete forever", box=(700, 440, 780, 470), kind="button",
                        window=6)  # fmt: skip
    click = Action.make("click", target="Delete forever")
    policy = armed(allow_irreversible=("Delete forever@Files",))
    policy.check(click, _frame(delete))
    with pytest.raises(PolicyRefusal, match="in 'Files' only"):
        policy.check(click, _frame(elsewhere, windows=(OTHER,)))
    with pytest.raises(ValueError, match="count goes before the window"):
        armed(allow_irreversible=("Delete forever@Files*2",))
    with pytest.raises(ValueError, match="names no window"):
        armed(allow_irreversible=("Delete forever@",))


@pytest.mark.parametrize(
    "label",
    [
        "Confirm & pay", "Top up €20", "Cash out $100", "Place bid $120", "Sign transaction",
        "Terminate instance", "Add funds $50", "Withdraw", "Place bet £5", "Recharge ₹199",
        "Stake 10 SOL", "Confirm swap", "Venmo $20", "Force push", "Overwrite",
        "Replace existing files", "Release Elastic IP", "Decommission node", "Expunge",
        "Publish this page", "D e l e t e", "Del ete", "Dele te account", "\U0001f5d1",
        "\U0001f5d1 3 files",
    ],
)  # fmt: skip
def test_money_cloud_spaced_and_drawn_labels_are_flagged(label: str) -> None:
    assert classify(label) is not None


@pytest.mark.parametrize(
    "label",
    [
        "Top up options", "Cash out history", "Bid history", "Transactions", "Sign in",
        "Sign up", "Instance details", "Launch instance", "Terminated instances",
        "Overwrite mode", "Replace", "Stake rewards", "Withdrawal limits", "Send to back",
        "Terminal", "\u2715", "\u2716", "\u00d7",  # a close button is the way out
    ],
)  # fmt: skip
def test_their_look_alikes_pass(label: str) -> None:
    assert classify(label) is None


def test_the_dry_run_says_the_yes_would_need_a_person() -> None:
    from tiny_computer_agent import DryRunExecutor, ScriptedBrain, ScriptedScreen, run_episode

    yes = Element(label="OK", box=(700, 440, 780, 470), kind="button", window=5)
    question = Element(label="Permanently delete 3 files?", box=(320, 260, 800, 290), window=5)
    frame = _frame(yes, question)
    episode = run_episode(
        "press OK",
        screen=ScriptedScreen(frames=[frame]),
        brain=ScriptedBrain.of([{"verb": "click", "target": "OK"}, {"verb": "done"}]),
        policy=Policy(),
        executor=DryRunExecutor(),
    )
    step = episode.steps[0]
    assert step.result is not None and "needs a person's yes" in step.result.description
    assert "Permanently delete 3 files?" in step.result.description


def test_an_allowed_yes_is_one_press_across_dialogs() -> None:
    """``--allow-irreversible OK@Files`` allows one press of OK: the second delete dialog's OK
    is refused, though the history cannot show the first one's question."""
    from tiny_computer_agent import DryRunExecutor, ScriptedBrain, ScriptedScreen, run_episode

    def asking(question: str) -> Observation:
        yes = Element(label="OK", box=(700, 440, 780, 470), kind="button", window=5)
        return _frame(yes, Element(label=question, box=(320, 260, 800, 290), window=5))

    episode = run_episode(
        "delete twice",
        screen=ScriptedScreen(frames=[asking("Delete 3 files?"), asking("Delete 9 files?")]),
        brain=ScriptedBrain.of([{"verb": "click", "target": "OK"}] * 2),
        policy=armed(allow_irreversible=("OK@Files",)),
        executor=DryRunExecutor(),
    )
    assert episode.steps[0].acted and episode.steps[0].refusal is None
    refusal = episode.steps[1].refusal
    assert refusal is not None and refusal.rule == "irreversible"
    assert "--allow-irreversible 'OK*2@Files'" in refusal.message
