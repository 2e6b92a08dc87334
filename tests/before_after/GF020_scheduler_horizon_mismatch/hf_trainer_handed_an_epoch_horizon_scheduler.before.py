import torch
from transformers import Trainer, TrainingArguments

N_EPOCHS = 4


class WeightedTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
        outputs = model(**inputs)
        return (outputs.loss, outputs) if return_outputs else outputs.loss


def main(model, train_set):
    adamw = torch.optim.AdamW(model.parameters(), lr=2e-5)
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(adamw, T_max=N_EPOCHS)
    arguments = TrainingArguments(output_dir="out", num_train_epochs=N_EPOCHS, per_device_train_batch_size=16)
    WeightedTrainer(model=model, args=arguments, train_dataset=train_set, optimizers=(adamw, cosine)).train()


def finetune(model, train_set, training_args):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    trainer = Trainer(
        model=model,
        args=training_args,
        train_dataset=train_set,
        optimizers=(opt, torch.optim.lr_scheduler.LinearLR(opt, total_iters=int(training_args.num_train_epochs) - 1)),
    )
    trainer.train()
