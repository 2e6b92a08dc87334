import torch
from accelerate import Accelerator


def fit(generator, critic, batches, accumulation):
    accelerator = Accelerator(gradient_accumulation_steps=accumulation)
    gen_opt = torch.optim.Adam(generator.parameters(), lr=2e-4)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=2e-4)
    generator, critic, gen_opt, critic_opt, batches = accelerator.prepare(
        generator, critic, gen_opt, critic_opt, batches
    )
    for source, target in batches:
        with accelerator.accumulate(generator, critic):
            # reconstruction first, with its own update
            recon = torch.nn.functional.l1_loss(generator(source), target)
            accelerator.backward(recon)
            gen_opt.step()
            gen_opt.zero_grad()
            # then the adversarial term, which also writes into the critic's gradients
            fooled = generator(source)
            adversarial = torch.nn.functional.softplus(-critic(fooled)).mean()
            accelerator.backward(adversarial)
            gen_opt.step()
            gen_opt.zero_grad()
            critic_opt.zero_grad()
            real = torch.nn.functional.softplus(-critic(target)).mean()
            fake = torch.nn.functional.softplus(critic(fooled.detach())).mean()
            accelerator.backward(real + fake)
            critic_opt.step()
            critic_opt.zero_grad()
