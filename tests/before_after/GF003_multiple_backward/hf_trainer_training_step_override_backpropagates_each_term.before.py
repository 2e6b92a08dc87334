import torch
import transformers


class DistillBase(transformers.Trainer):
    def __init__(self, *args, teacher=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.teacher = teacher


class Distiller(DistillBase):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        with torch.no_grad():
            soft = self.teacher(**inputs).logits.softmax(-1)
        outputs = model(**inputs)
        ce = outputs.loss
        kd = torch.nn.functional.kl_div(outputs.logits.log_softmax(-1), soft, reduction="batchmean")
        self.accelerator.backward(ce, retain_graph=True)
        self.accelerator.backward(0.5 * kd)
        return (ce + 0.5 * kd).detach()
