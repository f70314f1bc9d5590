import { FeaturesSection } from '../components/features-section';
import { FinalCallToAction } from '../components/final-call-to-action';
import { HeroSection } from '../components/hero-section';
import { HowItWorksSection } from '../components/how-it-works-section';
import { PricingSection } from '../components/pricing-section';
import { SocialProofSection } from '../components/social-proof-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { useScrollToSectionForPath } from '../hooks/use-scroll-to-section';

/** Served for /, /features and /about. */
export default function LandingPage() {
  useScrollToSectionForPath();
  return (
    <div className="bg-white">
      <HeroSection />
      <FeaturesSection />
      <HowItWorksSection />
      <SocialProofSection />
      <TestimonialsSection />
      <PricingSection />
      <FinalCallToAction />
    </div>
  );
}
