"""Tiny models built in a temp dir, saved with save_pretrained and loaded back by the
model brains through the same path a downloaded model takes. Random weights: their
replies are garbage, which is what the safety tests want.

Also: a recording executor (every action that reached it), and the replies a real
SmolLM2-135M-Instruct gave greedily to the menu task (recorded verbatim).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tiny_computer_agent import Action, ActionResult, DryRunExecutor, Observation

#: Real greedy replies of SmolLM2-135M-Instruct (Q4_1 GGUF via transformers) to the menu
#: "1. File 2. Edit 3. Save 4. Cancel 5. Don't Save", goal "save the document"
#: (recorded in /work/scratch/models/NOTES.md, 2026-11-30). None picks Save.
SMOLLM2_REPLIES: dict[str, str] = {
    "nested-cut-off": (
        '{\n  "type": "response",\n  "data": {\n    "type": "response",\n    "data": {\n'
        '      "type": "response",\n      "data": {\n        "type'
    ),
    "prose-first-line": "1. File\n\nThe correct answer is 1. File",
    "unknown-verb": '{"choice": 5, "verb": "delete"}',
    "prose-not-applicable": (
        "1. File\n\nThe first option is not applicable to the specified goal. The document is a"
    ),
    "llama-server-no-choice": '{\n  "type": "json",\n  "data": {\n    "action": "click"\n  }\n}',
}
#: The prefilled reply ('{"choice": ' + what the model wrote): well-formed, but wrong.
SMOLLM2_PREFILLED = (
    '{"choice": 1, "verb": "click"}\n\nThe JSON object is:\n{\n  "choice": 1, "verb": "click"\n}'
)
#: The menu those replies answered.
SMOLLM2_MENU = ("File", "Edit", "Save", "Cancel", "Don't Save")

QWEN_SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
CHATML = (
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + "
    "message['content'] + '<|im_end|>' + '\n'}}{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)
CORPUS = [
    "You operate a computer for a person.",
    "Save the document.",
    "Click the button named Save.",
    "File Edit View Help Cancel Don't Save",
    '{"verb": "click", "choice": 3}',
    "system user assistant Goal: On the screen now:",
    "The quick brown fox jumps over the lazy dog. 0123456789",
] * 20


@dataclasses.dataclass
class RecordingExecutor:
    """The dry-run executor, keeping every action that reached it."""

    actions: list[Action] = dataclasses.field(default_factory=list)

    def execute(self, action: Action, observation: Observation) -> ActionResult:
        self.actions.append(action)
        return DryRunExecutor().execute(action, observation)


def _bpe(specials: list[str], *, qwen_pipeline: bool) -> Any:
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.normalizer = normalizers.NFC()
    if qwen_pipeline:
        # exactly the pipeline Qwen2Tokenizer rebuilds on load, or ids change on reload
        from transformers.models.qwen2.tokenization_qwen2 import PRETOKENIZE_REGEX

        tok.pre_tokenizer = pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated", invert=False),
                pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
            ]
        )
    else:
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=600,
        special_tokens=specials,
        min_frequency=1,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(CORPUS, trainer)
    return tok


def build_tiny_qwen2(folder: Path) -> Path:
    """A 2-layer Qwen2 causal LM and its byte-level BPE tokenizer, saved to ``folder``."""
    import torch
    from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM

    hf_tok = PreTrainedTokenizerFast(
        tokenizer_object=_bpe(QWEN_SPECIALS, qwen_pipeline=True),
        bos_token=None,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        unk_token=None,
        additional_special_tokens=["<|im_start|>", "<|im_end|>"],
    )
    hf_tok.chat_template = CHATML
    cfg = Qwen2Config(
        vocab_size=len(hf_tok),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=1024,
        tie_word_embeddings=True,
        bos_token_id=hf_tok.convert_tokens_to_ids("<|endoftext|>"),
        eos_token_id=hf_tok.eos_token_id,
        pad_token_id=hf_tok.pad_token_id,
    )
    torch.manual_seed(0)
    model = Qwen2ForCausalLM(cfg).eval()
    model.save_pretrained(folder)
    hf_tok.save_pretrained(folder)
    return folder


IMG, PATCH, SCALE = 64, 16, 2


def build_tiny_idefics3(folder: Path) -> Path:
    """A tiny Idefics3 (SmolVLM's architecture) and its processor, saved to ``folder``."""
    import torch
    from transformers import (
        Idefics3Config,
        Idefics3ForConditionalGeneration,
        Idefics3ImageProcessorPil,
        Idefics3Processor,
        PreTrainedTokenizerFast,
    )

    specials = [
        "<|endoftext|>", "<|im_start|>", "<end_of_utterance>", "<image>",
        "<fake_token_around_image>", "<global-img>",
        *(f"<row_{i}_col_{j}>" for i in range(1, 7) for j in range(1, 7)),
    ]  # fmt: skip
    hf_tok = PreTrainedTokenizerFast(
        tokenizer_object=_bpe(specials, qwen_pipeline=False),
        bos_token="<|im_start|>",
        eos_token="<end_of_utterance>",
        pad_token="<|endoftext|>",
        unk_token=None,
        additional_special_tokens=specials[3:],
    )
    template = (
        "<|im_start|>{% for message in messages %}{{message['role'] | capitalize}}"
        "{% if message['content'][0]['type'] == 'image' %}{{':'}}{% else %}{{': '}}{% endif %}"
        "{% for line in message['content'] %}{% if line['type'] == 'text' %}{{line['text']}}"
        "{% elif line['type'] == 'image' %}{{ '<image>' }}{% endif %}{% endfor %}"
        "<end_of_utterance>\n{% endfor %}{% if add_generation_prompt %}{{ 'Assistant:' }}"
        "{% endif %}"
    )
    image_processor = Idefics3ImageProcessorPil(
        do_resize=True,
        size={"longest_edge": IMG},
        max_image_size={"longest_edge": IMG},
        do_image_splitting=False,
        do_pad=True,
    )
    processor = Idefics3Processor(
        image_processor=image_processor,
        tokenizer=hf_tok,
        image_seq_len=(IMG // PATCH) ** 2 // SCALE**2,
        chat_template=template,
    )
    tok = processor.tokenizer
    ids = {
        "pad_token_id": tok.pad_token_id,
        "bos_token_id": tok.bos_token_id,
        "eos_token_id": tok.eos_token_id,
    }
    cfg = Idefics3Config(
        text_config={
            "model_type": "llama",
            "vocab_size": len(tok),
            "hidden_size": 64,
            "intermediate_size": 128,
            "num_hidden_layers": 2,
            "num_attention_heads": 4,
            "num_key_value_heads": 2,
            "max_position_embeddings": 1024,
            "rms_norm_eps": 1e-5,
            "tie_word_embeddings": False,
            **ids,
        },
        vision_config={
            "hidden_size": 32,
            "intermediate_size": 64,
            "num_hidden_layers": 2,
            "num_attention_heads": 2,
            "image_size": IMG,
            "patch_size": PATCH,
            "num_channels": 3,
        },
        scale_factor=SCALE,
        image_token_id=tok.convert_tokens_to_ids("<image>"),
        tie_word_embeddings=False,
        **ids,
    )
    torch.manual_seed(0)
    model = Idefics3ForConditionalGeneration(cfg).eval()
    model.generation_config.eos_token_id = tok.eos_token_id
    model.generation_config.pad_token_id = tok.pad_token_id
    model.save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder
