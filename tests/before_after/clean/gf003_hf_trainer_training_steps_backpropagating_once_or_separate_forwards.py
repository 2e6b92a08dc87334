import torch
from transformers import Trainer


class Summed(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        outputs = model(**inputs)
        aux = outputs.logits.pow(2).mean()
        self.accelerator.backward(outputs.loss + 0.01 * aux)
        return outputs.loss.detach()


class HalfBatches(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        first = {k: v[: len(v) // 2] for k, v in inputs.items()}
        second = {k: v[len(v) // 2 :] for k, v in inputs.items()}
        loss_a = model(**first).loss / 2
        self.accelerator.backward(loss_a)
        loss_b = model(**second).loss / 2
        self.accelerator.backward(loss_b)
        return (loss_a + loss_b).detach()


class OnTopOfTheBase(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        loss = super().training_step(model, inputs, num_items_in_batch)
        return loss


class PlainTrainer:
    def training_step(self, model, inputs, opt):
        out = model(**inputs)
        out.loss.backward(retain_graph=True)
        out.logits.pow(2).mean().backward()
        return out.loss.detach()
