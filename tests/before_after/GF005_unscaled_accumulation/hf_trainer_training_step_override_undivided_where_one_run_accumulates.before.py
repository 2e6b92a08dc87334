from transformers import Trainer, TrainingArguments


class RankingTrainer(Trainer):
    def training_step(self, model, inputs, num_items_in_batch=None):
        model.train()
        batch = self._prepare_inputs(inputs)
        outputs = model(**batch)
        loss = outputs["loss"]
        self.accelerator.backward(loss)
        return loss.detach()


def debug_run(model, data):
    args = TrainingArguments(output_dir="dbg", max_steps=5, gradient_accumulation_steps=1)
    RankingTrainer(model=model, args=args, train_dataset=data).train()


def full_run(model, data, accumulate):
    args = TrainingArguments(output_dir="full", gradient_accumulation_steps=accumulate)
    RankingTrainer(model=model, args=args, train_dataset=data).train()
