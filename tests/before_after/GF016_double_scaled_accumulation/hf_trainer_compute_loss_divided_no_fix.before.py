import torch
from transformers import Trainer


class WeightedLossTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        labels = inputs.pop("labels")
        outputs = model(**inputs)
        loss = torch.nn.functional.cross_entropy(outputs.logits, labels, weight=self.class_weights)
        loss = loss / self.args.gradient_accumulation_steps
        return (loss, outputs) if return_outputs else loss
