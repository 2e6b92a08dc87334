import torch
from transformers import Trainer


class ChunkedTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        pieces = inputs["input_ids"].chunk(4)
        n = len(pieces)
        total = sum(model(input_ids=p).logits.pow(2).mean() for p in pieces)
        return total / n


class SwitchingTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        steps = self.args.gradient_accumulation_steps
        if num_items_in_batch is not None:
            steps = 1
        loss = model(**inputs).loss
        return loss / steps
