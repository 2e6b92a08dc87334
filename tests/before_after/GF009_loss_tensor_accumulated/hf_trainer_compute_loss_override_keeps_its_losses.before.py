import torch
import transformers


class WeightedBase(transformers.Trainer):
    pass


class Remembering(WeightedBase):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.per_batch = []

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        loss = outputs.loss
        self.per_batch.append(loss)
        return (loss, outputs) if return_outputs else loss


class Summing(transformers.Seq2SeqTrainer):
    running = 0.0

    def compute_loss(self, model, batch, return_outputs=False, **kwargs):
        logits = model(batch["x"])
        err = torch.nn.functional.cross_entropy(logits, batch["labels"])
        self.running = self.running + err
        if return_outputs:
            return err, {"logits": logits}
        return err


class FromTheBase(transformers.Trainer):
    seen = []

    def compute_loss(self, model, inputs, num_items_in_batch=None, return_outputs=False):
        value = super().compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)
        self.seen.append(value)
        return value
