import torch
from transformers import Trainer


class DistillTrainer(Trainer):
    def __init__(self, *args, teacher=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.teacher = teacher

    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        student = model(**inputs)
        with torch.no_grad():
            teacher = self.teacher(**inputs)
        loss = torch.nn.functional.kl_div(student.logits.log_softmax(-1), teacher.logits.softmax(-1), reduction="batchmean")
        steps = self.args.gradient_accumulation_steps
        return loss / steps
