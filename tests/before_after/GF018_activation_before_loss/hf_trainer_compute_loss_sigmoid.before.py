import torch
from transformers import Trainer


class MultiLabelTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        labels = inputs.pop("labels")
        outputs = model(**inputs)
        loss_fct = torch.nn.BCEWithLogitsLoss()
        loss = loss_fct(torch.sigmoid(outputs.logits), labels.float())
        return (loss, outputs) if return_outputs else loss
