import torch
from transformers import Trainer


class Logged(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.history = []
        self.total = 0.0

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        loss = outputs.loss
        self.history.append(loss.detach())
        self.total += loss.item()
        return (loss, outputs) if return_outputs else loss


class Forwarding(Trainer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.results = []

    def compute_loss(self, model, inputs, return_outputs=False, **kwargs):
        # a tuple when return_outputs is set: no tensor to detach
        result = super().compute_loss(model, inputs, return_outputs=return_outputs, **kwargs)
        self.results.append(result)
        return result


class NotATrainer:
    def __init__(self):
        self.kept = []

    def compute_loss(self, model, batch, return_outputs=False):
        loss = model(batch).mean()
        self.kept.append(loss)
        return loss


class Manual(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        loss = model(**inputs).loss
        loss.backward()
        self.kept.append(loss)
        return loss.detach()
