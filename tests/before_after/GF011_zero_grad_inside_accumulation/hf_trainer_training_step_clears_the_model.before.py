from transformers import Seq2SeqTrainer


class DistillTrainer(Seq2SeqTrainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        outputs = model(**inputs)
        loss = outputs.loss / self.args.gradient_accumulation_steps
        # start from clean gradients
        model.zero_grad()
        self.accelerator.backward(loss)
        return loss.detach()
