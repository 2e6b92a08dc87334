import torch
from transformers import Trainer


class EpochTotals(Trainer):
    epoch_total = 0.0

    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        with self.compute_loss_context_manager():
            out = model(**inputs)
        loss = torch.nn.functional.cross_entropy(out.logits, inputs["labels"])
        loss = loss / self.args.gradient_accumulation_steps
        if self.args.n_gpu > 1:
            loss.backward()
        else:
            self.accelerator.backward(loss)
        self.epoch_total += loss.detach()
        return loss.detach()
